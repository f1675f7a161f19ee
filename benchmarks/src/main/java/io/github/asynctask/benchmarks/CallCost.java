package io.github.asynctask.benchmarks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one kind of broker call costs, measured over many calls in a row: the client's
 * wall time per call (median and p99), Redis's own time per script call
 * ({@code INFO commandstats} of {@code EVALSHA}, reset before the calls: the script's
 * execution inside Redis), Redis's CPU per call ({@code used_cpu_user + sys} delta: the
 * script plus reading the request and writing the reply), and the commands Redis ran per
 * call (the script and those it called: the same count at every size means the same
 * work).
 */
final class CallCost {

	private CallCost() {
	}

	/** One call of the kind measured; may throw to fail the scenario. */
	@FunctionalInterface
	interface Call {

		void run() throws Exception;

	}

	/**
	 * Runs {@code call} {@code calls} times and returns the figures named
	 * {@code <name>ClientUs}, {@code <name>ClientP99Us}, {@code <name>ScriptUs},
	 * {@code <name>RedisCpuUs}, {@code <name>CommandsPerCall}, and
	 * {@code <name>ScriptUsPerTask} when each call handles several tasks.
	 */
	static Map<String, Double> measure(RedisTarget redis, String name, int calls, int tasksPerCall, Call call)
			throws Exception {
		long[] nanos = new long[calls];
		redis.resetStats();
		double cpuBefore = redis.cpuSeconds();
		for (int i = 0; i < calls; i++) {
			long start = System.nanoTime();
			call.run();
			nanos[i] = System.nanoTime() - start;
		}
		double cpu = redis.cpuSeconds() - cpuBefore;
		long commands = redis.commandCalls();
		double[] script = evalsha(redis.server().cli("INFO", "commandstats"));
		Arrays.sort(nanos);
		Map<String, Double> figures = new LinkedHashMap<>();
		figures.put(name + "ClientUs", round(Stats.percentile(nanos, 50) / 1e3));
		figures.put(name + "ClientP99Us", round(Stats.percentile(nanos, 99) / 1e3));
		double scriptUs = (script[0] == 0) ? 0 : script[1] / script[0];
		figures.put(name + "ScriptUs", round(scriptUs));
		figures.put(name + "RedisCpuUs", round(cpu * 1e6 / calls));
		figures.put(name + "CommandsPerCall", round((double) commands / calls));
		if (tasksPerCall > 1) {
			figures.put(name + "ScriptUsPerTask", round(scriptUs / tasksPerCall));
		}
		return figures;
	}

	/**
	 * Calls and microseconds of {@code EVALSHA} in an {@code INFO commandstats} reply;
	 * zeros when it has none.
	 */
	static double[] evalsha(String commandstats) {
		for (String line : commandstats.split("\r?\n")) {
			if (line.startsWith("cmdstat_evalsha:")) {
				return new double[] { field(line, "calls="), field(line, "usec=") };
			}
		}
		return new double[] { 0, 0 };
	}

	/** A field of an {@code INFO commandstats} line ({@code name} ends with '='). */
	static double field(String line, String name) {
		int at = line.indexOf("," + name);
		at = (at < 0) ? line.indexOf(":" + name) : at;
		int start = at + name.length() + 1;
		int end = line.indexOf(',', start);
		return Double.parseDouble(line.substring(start, (end < 0) ? line.length() : end).strip());
	}

	static double round(double value) {
		return Math.round(value * 100) / 100.0;
	}

}
