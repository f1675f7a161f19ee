package io.github.asynctask.benchmarks;

import java.util.HashMap;
import java.util.Map;

import io.github.asynctask.test.RedisServer;

/**
 * The one {@code redis-server} of a run, with the figures the scenarios read from
 * {@code INFO}.
 */
record RedisTarget(RedisServer server) {

	String host() {
		return this.server.host();
	}

	int port() {
		return this.server.port();
	}

	String url() {
		return this.server.url();
	}

	/**
	 * FLUSHALL ASYNC: the keys are gone at once and freed by a background thread, so a
	 * scenario that loaded a million tasks is not cut off by the client's read timeout on
	 * a loaded machine.
	 */
	void flushAll() {
		this.server.cli("FLUSHALL", "ASYNC");
	}

	/** {@code used_memory} in bytes. */
	long usedMemory() {
		return Long.parseLong(info("memory").get("used_memory"));
	}

	/**
	 * CPU time the server has used so far ({@code used_cpu_user + used_cpu_sys}), in
	 * seconds.
	 */
	double cpuSeconds() {
		Map<String, String> cpu = info("cpu");
		return Double.parseDouble(cpu.get("used_cpu_user")) + Double.parseDouble(cpu.get("used_cpu_sys"));
	}

	/**
	 * Socket reads and writes the server's event loop did so far
	 * ({@code total_reads_processed}, {@code total_writes_processed}): fewer commands per
	 * read mean more CPU per command.
	 */
	long[] readsAndWrites() {
		Map<String, String> stats = info("stats");
		return new long[] { Long.parseLong(stats.getOrDefault("total_reads_processed", "0")),
				Long.parseLong(stats.getOrDefault("total_writes_processed", "0")) };
	}

	String version() {
		return info("server").get("redis_version");
	}

	/**
	 * Calls per command since the last {@code CONFIG RESETSTAT}, without the harness's
	 * own {@code INFO} and {@code CONFIG} calls.
	 */
	long commandCalls() {
		long total = 0;
		for (Map.Entry<String, long[]> entry : commandStats().entrySet()) {
			String command = entry.getKey();
			if (!command.equals("info") && !command.startsWith("config")) {
				total += entry.getValue()[0];
			}
		}
		return total;
	}

	/** Calls by command, for the idle report. */
	Map<String, Long> commandCallsByName() {
		Map<String, Long> calls = new HashMap<>();
		commandStats().forEach((command, stats) -> calls.put(command, stats[0]));
		return calls;
	}

	/**
	 * Calls and microseconds by command ({@code INFO commandstats}): commands run by
	 * scripts count under their own names as well as inside the script's {@code EVALSHA}.
	 */
	Map<String, long[]> commandStats() {
		Map<String, long[]> stats = new HashMap<>();
		for (Map.Entry<String, String> entry : info("commandstats").entrySet()) {
			String line = entry.getKey() + ":" + entry.getValue();
			stats.put(entry.getKey().replace("cmdstat_", ""),
					new long[] { (long) CallCost.field(line, "calls="), (long) CallCost.field(line, "usec=") });
		}
		return stats;
	}

	void resetStats() {
		this.server.cli("CONFIG", "RESETSTAT");
	}

	private Map<String, String> info(String section) {
		String text = this.server.cli("INFO", section);
		Map<String, String> values = new HashMap<>();
		if (text != null) {
			for (String line : text.split("\r\n")) {
				int colon = line.indexOf(':');
				if (colon > 0 && !line.startsWith("#")) {
					values.put(line.substring(0, colon), line.substring(colon + 1));
				}
			}
		}
		return values;
	}

}
