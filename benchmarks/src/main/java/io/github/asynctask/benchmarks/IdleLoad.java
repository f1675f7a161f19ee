package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What running applications cost an otherwise idle Redis over a window: commands per
 * second ({@code INFO commandstats}, commands scripts run inside Redis included, the
 * harness's {@code INFO}, {@code CONFIG} and {@code MONITOR} left out, as in
 * {@link IdleScenario}), Redis CPU milliseconds per second, and calls per second by
 * script or command as clients sent them ({@link ScriptTally}).
 */
final class IdleLoad {

	private IdleLoad() {
	}

	/**
	 * The length of one idle window: {@code --idle-seconds} split in {@code reps}
	 * windows.
	 */
	static long windowMillis(Options options) {
		return options.idleSeconds() * 1000L / options.reps();
	}

	/**
	 * Records in a row's parameters how its idle windows were measured.
	 */
	static void describeWindows(Map<String, Object> params, Options options, int settleSeconds) {
		params.put("windowSeconds", windowMillis(options) / 1000.0);
		params.put("windows", options.reps());
		params.put("settleSeconds", settleSeconds);
	}

	/**
	 * Measures {@code millis} of load.
	 * @return {@code commandsPerSec}, {@code redisCpuMsPerSec}, {@code sentPerSec} (calls
	 * as clients sent them) and {@code sent.<name>PerSec} for each script or command
	 */
	static Map<String, Double> measure(RedisTarget redis, long millis) throws InterruptedException {
		Map<String, Double> figures = new LinkedHashMap<>();
		try (ScriptTally tally = new ScriptTally(redis)) {
			redis.resetStats();
			double cpu = redis.cpuSeconds();
			long calls = redis.commandCalls();
			long start = System.nanoTime();
			Thread.sleep(millis);
			Map<String, Long> sent = tally.counts();
			double seconds = (System.nanoTime() - start) / 1e9;
			long commands = redis.commandCalls() - calls - redis.commandCallsByName().getOrDefault("monitor", 0L);
			figures.put("commandsPerSec", CallCost.round(commands / seconds));
			figures.put("redisCpuMsPerSec", CallCost.round((redis.cpuSeconds() - cpu) * 1e3 / seconds));
			figures.put("sentPerSec",
					CallCost.round(sent.values().stream().mapToLong(Long::longValue).sum() / seconds));
			sent.forEach((name, count) -> figures.put("sent." + name + "PerSec", CallCost.round(count / seconds)));
		}
		return figures;
	}

}
