package io.github.asynctask.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code scale.queues} (only when named, async-task only): one worker instance serving 1,
 * 10 and 100 empty queues, each listed as {@code async-task.queues.<name>.enabled=true}
 * and otherwise at the defaults (8 threads per queue, lease 30 s, poll 2 s), booted
 * through the starter's auto-configuration as {@link AsyncTaskSystem} boots its worker
 * application. Per repetition: a fresh application, its start-up time (the
 * {@code SpringApplication.run} call, the workers started) and the threads it added;
 * after {@value #SETTLE_SECONDS} s for start-up traffic, the idle load on Redis over
 * {@code idle-seconds / reps} ({@link IdleLoad}), in total and per queue; then the time
 * it takes to close.
 */
final class ScaleQueuesScenario extends AsyncTaskCostScenario {

	static final String NAME = "scale.queues";

	private static final int[] QUEUES = { 1, 10, 100 };

	private static final int SETTLE_SECONDS = 5;

	ScaleQueuesScenario() {
		super(NAME);
	}

	@Override
	void measure(SystemUnderTest system, Runner runner, Options options) {
		long windowMillis = IdleLoad.windowMillis(options);
		RedisTarget redis = runner.redis();
		try {
			// the JVM's first Spring Boot application loads the classes: not counted
			redis.flushAll();
			AsyncTaskSystem.application(redis, properties(1)).close();
		}
		catch (RuntimeException ex) {
			System.err.println("The warm-up application of " + NAME + " failed: " + ex);
		}
		for (int row = 0; row <= QUEUES.length; row++) {
			// a last row: the most queues again with Lettuce's pool off (the harness's
			// classpath has commons-pool2, from Jedis, so Boot pools by default)
			int queues = QUEUES[Math.min(row, QUEUES.length - 1)];
			boolean pooled = row < QUEUES.length;
			Map<String, Object> params = new LinkedHashMap<>();
			params.put("queues", queues);
			params.put("lettucePool", pooled ? "Boot's default here: on (commons-pool2 on the classpath), max-active 8"
					: "off (spring.data.redis.lettuce.pool.enabled=false)");
			params.put("threadsPerQueue", "default (8)");
			IdleLoad.describeWindows(params, options, SETTLE_SECONDS);
			Map<String, List<Double>> runs = new LinkedHashMap<>();
			try {
				for (int rep = 0; rep < options.reps(); rep++) {
					once(redis, queues, pooled, windowMillis)
						.forEach((name, value) -> runs.computeIfAbsent(name, (k) -> new ArrayList<>()).add(value));
				}
				runner.report().result(system, NAME, params, runs);
			}
			catch (Exception ex) {
				runner.report().failure(system, NAME, params, ex);
			}
		}
		redis.flushAll();
	}

	private static Map<String, Double> once(RedisTarget redis, int queues, boolean pooled, long windowMillis)
			throws Exception {
		redis.flushAll();
		Map<String, Double> figures = new LinkedHashMap<>();
		int threads = ManagementFactory.getThreadMXBean().getThreadCount();
		long start = System.nanoTime();
		Map<String, Object> properties = properties(queues);
		if (!pooled) {
			properties.put("spring.data.redis.lettuce.pool.enabled", "false");
		}
		ConfigurableApplicationContext application = AsyncTaskSystem.application(redis, properties);
		try {
			figures.put("startupMs", CallCost.round((System.nanoTime() - start) / 1e6));
			figures.put("threadsAdded", (double) (ManagementFactory.getThreadMXBean().getThreadCount() - threads));
			Thread.sleep(SETTLE_SECONDS * 1000L);
			Map<String, Double> load = IdleLoad.measure(redis, windowMillis);
			figures.putAll(load);
			figures.put("commandsPerSecPerQueue", CallCost.round(load.get("commandsPerSec") / queues));
			figures.put("sentPerSecPerQueue", CallCost.round(load.get("sentPerSec") / queues));
		}
		finally {
			long stop = System.nanoTime();
			application.close();
			figures.put("closeMs", CallCost.round((System.nanoTime() - stop) / 1e6));
		}
		return figures;
	}

	/**
	 * The worker application's settings: {@code queues} listed with the defaults, and the
	 * harness's own {@link NoopTasks} queue left out.
	 */
	static Map<String, Object> properties(int queues) {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("async-task.queues." + Contender.QUEUE + ".enabled", "false");
		for (int i = 0; i < queues; i++) {
			properties.put("async-task.queues." + queueName(i) + ".enabled", "true");
		}
		return properties;
	}

	static String queueName(int index) {
		return String.format("q%03d", index);
	}

}
