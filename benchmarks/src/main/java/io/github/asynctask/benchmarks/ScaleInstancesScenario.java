package io.github.asynctask.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * {@code scale.instances} (only when named, async-task only): what the periodic agents of
 * the instances serving a queue cost Redis as their number grows, simulated. 1, 10, 100
 * and 1,000 instances are registered as serving {@value #QUEUES} queues: a few real
 * worker applications ({@link #REAL} for 10 and more, 1 alone) at the defaults, the
 * others as entries of each queue's {@code workers} set (what {@code serving.lua} counts
 * for the spread of the forwarder's and janitor's intervals) and of the instance
 * registry, refreshed so they stay live. Each queue holds one task scheduled a day ahead
 * (so its forwarder polls at the base interval, not the idle one). After
 * {@value #SETTLE_SECONDS} s (the real instances' heartbeats have counted the others),
 * the load over {@code idle-seconds / reps} windows ({@link IdleLoad}): calls per second
 * by script as the real instances sent them, per real instance, and projected to all
 * registered instances (per real instance x registered: what that many real instances
 * would send if each behaved as the real ones; flat for an agent whose interval is
 * spread, growing with them for one whose is not).
 */
final class ScaleInstancesScenario extends AsyncTaskCostScenario {

	static final String NAME = "scale.instances";

	private static final int[] REGISTERED = { 1, 10, 100, 1000 };

	static final int REAL = 3;

	private static final int QUEUES = 3;

	private static final int SETTLE_SECONDS = 15;

	/** The agents' scripts whose load the spread design keeps flat, or should. */
	private static final List<String> AGENTS = List.of("forward", "recover", "trim", "queues", "heartbeat", "serving",
			"extend");

	ScaleInstancesScenario() {
		super(NAME);
	}

	@Override
	void measure(SystemUnderTest system, Runner runner, Options options) {
		long windowMillis = IdleLoad.windowMillis(options);
		RedisTarget redis = runner.redis();
		for (int registered : REGISTERED) {
			int real = Math.min(registered, REAL);
			Map<String, Object> params = new LinkedHashMap<>();
			params.put("registered", registered);
			params.put("real", real);
			params.put("queues", QUEUES);
			IdleLoad.describeWindows(params, options, SETTLE_SECONDS);
			try {
				runner.report().result(system, NAME, params, measure(redis, registered, real, windowMillis, options));
			}
			catch (Exception ex) {
				runner.report().failure(system, NAME, params, ex);
			}
		}
		redis.flushAll();
	}

	private static Map<String, List<Double>> measure(RedisTarget redis, int registered, int real, long windowMillis,
			Options options) throws Exception {
		redis.flushAll();
		Map<String, List<Double>> runs = new LinkedHashMap<>();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(redis.host(), redis.port()));
		factory.afterPropertiesSet();
		List<ConfigurableApplicationContext> instances = new ArrayList<>();
		try (RedisConnection connection = factory.getConnection()) {
			Registry simulated = new Registry(connection, new RedisKeys("asynctask"), registered - real);
			simulated.refresh();
			seedScheduled(new LuaRedisBroker(factory, simulated.keys()));
			Map<String, Object> properties = ScaleQueuesScenario.properties(QUEUES);
			for (int i = 0; i < real; i++) {
				instances.add(AsyncTaskSystem.application(redis, properties));
			}
			Thread.sleep(SETTLE_SECONDS * 1000L);
			for (int rep = 0; rep < options.reps(); rep++) {
				simulated.refresh();
				Map<String, Double> load = IdleLoad.measure(redis, windowMillis);
				Map<String, Double> figures = new LinkedHashMap<>(load);
				for (String agent : AGENTS) {
					double perSecond = load.getOrDefault("sent." + agent + "PerSec", 0.0);
					figures.put("perRealInstance." + agent + "PerSec", CallCost.round(perSecond / real));
					figures.put("projected." + agent + "PerSec", CallCost.round(perSecond / real * registered));
				}
				figures.forEach((name, value) -> runs.computeIfAbsent(name, (k) -> new ArrayList<>()).add(value));
			}
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
			factory.destroy();
		}
		return runs;
	}

	/**
	 * One task a day ahead in each queue, so the forwarders poll at their base interval.
	 */
	private static void seedScheduled(LuaRedisBroker broker) {
		for (int i = 0; i < QUEUES; i++) {
			String payload = "{\"v\":1,\"args\":[\"" + TaskArg.of(0) + "\"],\"to\":1800000}";
			broker
				.enqueue(EnqueueRequest.now(ScaleQueuesScenario.queueName(i), TaskIds.next(), "bench.noop", payload, 25)
					.withDelay(Duration.ofDays(1)));
		}
	}

	/**
	 * The simulated instances: entries of each queue's {@code workers} set and of the
	 * instance registry, live for an hour from each refresh (as a heartbeat would keep
	 * them).
	 */
	private record Registry(RedisConnection connection, RedisKeys keys, int count) {

		void refresh() {
			if (this.count <= 0) {
				return;
			}
			long until = this.connection.serverCommands().time() + 3_600_000;
			for (int i = 0; i < this.count; i++) {
				byte[] id = bytes("simulated-" + i);
				for (int q = 0; q < QUEUES; q++) {
					this.connection.zSetCommands()
						.zAdd(bytes(this.keys.workers(ScaleQueuesScenario.queueName(q))), until, id);
				}
				this.connection.zSetCommands().zAdd(bytes(this.keys.instancesSeen()), until, id);
				this.connection.hashCommands()
					.hSet(bytes(this.keys.instancesInfo()), id, bytes("{\"id\":\"simulated-" + i + "\"}"));
			}
		}

		private static byte[] bytes(String value) {
			return value.getBytes(StandardCharsets.UTF_8);
		}

	}

}
