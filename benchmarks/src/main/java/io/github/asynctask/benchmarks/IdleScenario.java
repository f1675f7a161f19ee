package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code idle}: 5 instances (each a producer and a worker application) serving the same 3
 * empty queues; after a warm-up window, the Redis commands they cause per second
 * ({@code INFO commandstats} delta, the harness's own {@code INFO}/{@code CONFIG} calls
 * left out), in total, per queue and per queue per instance, measured in {@code reps}
 * consecutive windows that together last {@code idle-seconds}.
 */
final class IdleScenario implements Scenario {

	private static final List<String> QUEUES = List.of("idle1", "idle2", "idle3");

	private static final int INSTANCES = 5;

	/** Time for start-up traffic (registration, first polls) to pass before counting. */
	private static final int WARMUP_SECONDS = 3;

	@Override
	public String name() {
		return "idle";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		Options options = runner.options();
		long windowMillis = IdleLoad.windowMillis(options);
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("queues", QUEUES.size());
		params.put("instances", INSTANCES);
		params.put("workersPerQueue", 16);
		params.put("seconds", options.idleSeconds());
		params.put("windows", options.reps());
		params.put("warmupSeconds", WARMUP_SECONDS);
		if (!Scenario.supported(system, runner, "idle", params, Set.of(Feature.REDIS, Feature.IDLE_WORKERS))) {
			return;
		}
		RedisTarget redis = runner.redis();
		redis.flushAll();
		Map<String, List<Double>> runs = new LinkedHashMap<>();
		Map<String, Long> byCommand = new LinkedHashMap<>();
		List<Contender> contenders = new ArrayList<>();
		try {
			for (int i = 0; i < INSTANCES; i++) {
				Contender contender = system.open(redis);
				contenders.add(contender);
				contender.startWorkers(QUEUES, 16);
			}
			Thread.sleep(WARMUP_SECONDS * 1000L);
			redis.resetStats();
			for (int i = 0; i < options.reps(); i++) {
				long before = redis.commandCalls();
				Thread.sleep(windowMillis);
				long calls = redis.commandCalls() - before;
				double perSecond = calls * 1000.0 / windowMillis;
				runs.computeIfAbsent("commandsPerSec", (k) -> new ArrayList<>()).add(perSecond);
				runs.computeIfAbsent("commandsPerSecPerQueue", (k) -> new ArrayList<>()).add(perSecond / QUEUES.size());
				runs.computeIfAbsent("commandsPerSecPerQueuePerInstance", (k) -> new ArrayList<>())
					.add(perSecond / QUEUES.size() / INSTANCES);
			}
			redis.commandCallsByName().forEach((name, calls) -> {
				if (!name.equals("info") && !name.startsWith("config")) {
					byCommand.put(name, calls);
				}
			});
		}
		catch (Exception ex) {
			runner.report().failure(system, "idle", params, ex);
			return;
		}
		finally {
			closeAll(contenders);
		}
		params.put("callsByCommand", byCommand);
		runner.report().result(system, "idle", params, runs);
		redis.flushAll();
	}

	private static void closeAll(List<Contender> contenders) {
		for (Contender contender : contenders) {
			try {
				contender.close();
			}
			catch (Exception ex) {
				System.err.println("Closing an idle-scenario instance failed: " + ex);
			}
		}
	}

}
