package io.github.asynctask.benchmarks;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Redis's time by command over a measurement ({@code INFO commandstats}): how much of a
 * drained task's Redis CPU is spent inside scripts, and which commands the scripts pay
 * for. A command a script runs counts under its own name and again inside the script's
 * {@code EVALSHA}, so the script time includes them; what is left of the server's CPU is
 * reading, parsing and answering the calls. With {@code -Dbench.commandBreakdown=true}
 * each measurement prints the table as a {@code COMMANDS} line.
 */
final class CommandBreakdown {

	static final String PROPERTY = "bench.commandBreakdown";

	static final CommandBreakdown NONE = new CommandBreakdown(Map.of());

	/** Calls and microseconds by command. */
	private final Map<String, long[]> stats;

	CommandBreakdown(Map<String, long[]> stats) {
		this.stats = stats;
	}

	static CommandBreakdown of(RedisTarget redis) {
		return new CommandBreakdown(redis.commandStats());
	}

	/** What happened between {@code start} and this snapshot. */
	CommandBreakdown since(CommandBreakdown start) {
		Map<String, long[]> delta = new HashMap<>();
		this.stats.forEach((command, now) -> {
			long[] before = start.stats.getOrDefault(command, new long[2]);
			if (now[0] > before[0]) {
				delta.put(command, new long[] { now[0] - before[0], now[1] - before[1] });
			}
		});
		return new CommandBreakdown(delta);
	}

	/**
	 * Commands called, scripts once each plus the commands they ran, without the
	 * harness's own {@code INFO} and {@code CONFIG}.
	 */
	long calls() {
		return this.stats.entrySet()
			.stream()
			.filter((entry) -> !harnessOwn(entry.getKey()))
			.mapToLong((entry) -> entry.getValue()[0])
			.sum();
	}

	/** Script calls ({@code EVALSHA} and {@code EVAL}). */
	long scriptCalls() {
		return stat("evalsha")[0] + stat("eval")[0];
	}

	/** Microseconds Redis spent running scripts, the commands they called included. */
	long scriptMicros() {
		return stat("evalsha")[1] + stat("eval")[1];
	}

	/**
	 * One line: each command's calls and microseconds per task, costliest first, the
	 * harness's own left out.
	 */
	String describe(int tasks) {
		StringBuilder line = new StringBuilder("COMMANDS per task over " + tasks + " tasks:");
		this.stats.entrySet()
			.stream()
			.filter((entry) -> !harnessOwn(entry.getKey()))
			.sorted(Comparator.comparingLong((Map.Entry<String, long[]> entry) -> entry.getValue()[1]).reversed())
			.forEach((entry) -> line.append(String.format(Locale.ROOT, " %s %.3f calls %.2f us;", entry.getKey(),
					(double) entry.getValue()[0] / tasks, (double) entry.getValue()[1] / tasks)));
		return line.toString();
	}

	/** The harness's {@code INFO} and {@code CONFIG} calls, not the system's. */
	private static boolean harnessOwn(String command) {
		return command.equals("info") || command.startsWith("config");
	}

	private long[] stat(String command) {
		return this.stats.getOrDefault(command, new long[2]);
	}

}
