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
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskWorkers;
import io.github.asynctask.worker.WorkerContainer;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * {@code scale.instances} (only when named, async-task only): what the periodic agents of
 * the instances serving a queue cost Redis as their number grows, simulated. 1, 10, 100
 * and 1,000 instances are registered as serving {@value #QUEUES} queues: a few real
 * worker applications ({@link #REAL} for 10 and more, 1 alone) at the defaults, the
 * others as marks in each queue's serving set (what the heartbeat counts to spread the
 * agents' rounds) and entries of the instance registry, refreshed so they stay live; they
 * never hold a queue's agent turn. Each queue holds one task scheduled a day ahead (so
 * its forwarder polls at the base interval, not the idle one), and the first queue a
 * periodic task ticking every second ({@link Ticker}), so that the schedule loops' calls
 * ({@code tick}, {@code rt_due}) are counted too. After {@value #SETTLE_SECONDS} s (the
 * real instances' heartbeats have counted the others), the load over
 * {@code idle-seconds / reps} windows ({@link IdleLoad}): calls per second by script as
 * the real instances sent them, per real instance, and projected to the whole fleet from
 * who sent each call ({@code MONITOR}'s client address, named per application): for a
 * call naming a queue, what the real instance holding the queue's turn sent plus the mean
 * of the other real instances times the other registered instances; for any other call
 * (the instance registry's slot) the mean per real instance times the registered ones; a
 * task's {@code complete} as sent (once per task, whoever runs it).
 */
final class ScaleInstancesScenario extends AsyncTaskCostScenario {

	static final String NAME = "scale.instances";

	private static final int[] REGISTERED = { 1, 10, 100, 1000 };

	static final int REAL = 3;

	private static final int QUEUES = 3;

	private static final int SETTLE_SECONDS = 15;

	/** The agents' scripts whose load the spread design keeps flat, or should. */
	private static final List<String> AGENTS = List.of("forward", "recover", "trim", "turn", "queues", "heartbeat",
			"serving", "extend", "flow_due", "flow_owed", "id_claim", "id_renew", "tick", "rt_due", "instances",
			"batch_owed", "complete", "blpop", "dequeue");

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
			Map<String, Object> properties = new LinkedHashMap<>(ScaleQueuesScenario.properties(QUEUES));
			for (int i = 0; i < real; i++) {
				properties.put("spring.data.redis.client-name", CLIENT + i);
				instances.add(AsyncTaskSystem.application(redis, properties, Ticker.class));
			}
			Thread.sleep(SETTLE_SECONDS * 1000L);
			for (int rep = 0; rep < options.reps(); rep++) {
				simulated.refresh();
				Map<String, Double> figures;
				Map<String, Double> projected;
				try (ScriptTally tally = new ScriptTally(redis)) {
					long start = System.nanoTime();
					figures = new LinkedHashMap<>(IdleLoad.measure(redis, windowMillis));
					double seconds = (System.nanoTime() - start) / 1e9;
					projected = project(tally.countsByClient(), apps(redis),
							holders(connection, simulated.keys(), instances), registered, seconds);
				}
				for (String agent : AGENTS) {
					double perSecond = figures.getOrDefault("sent." + agent + "PerSec", 0.0);
					figures.put("perRealInstance." + agent + "PerSec", CallCost.round(perSecond / real));
					figures.put("projected." + agent + "PerSec", CallCost.round(projected.getOrDefault(agent, 0.0)));
				}
				figures.put("projected.perQueueAgentsPerSec",
						CallCost.round(projected.getOrDefault(QUEUE_CALLS, 0.0) / QUEUES));
				figures.put("projected.perInstanceCallsPerSec",
						CallCost.round(projected.getOrDefault(INSTANCE_CALLS, 0.0)));
				figures.forEach((name, value) -> runs.computeIfAbsent(name, (k) -> new ArrayList<>()).add(value));
			}
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
			factory.destroy();
		}
		return runs;
	}

	private static final String CLIENT = "bench-real-";

	/** Where the projection sums every periodic call that names a queue (not fetches). */
	private static final String QUEUE_CALLS = "queue calls";

	/** Where it sums the calls in the instance registry's slot. */
	private static final String INSTANCE_CALLS = "instance calls";

	/** The fetch path: per instance by design, outside the agents' sums. */
	private static final List<String> FETCH = List.of("blpop", "dequeue");

	/**
	 * Calls once per task run (the ticks' tasks), by whichever instance ran it: counted
	 * as sent, not projected, and outside the agents' sums.
	 */
	private static final List<String> PER_TASK = List.of("complete");

	/**
	 * The fleet's calls per second by script, projected from who sent them (see the
	 * class's javadoc), with the sums {@link #QUEUE_CALLS} and {@link #INSTANCE_CALLS}.
	 * @param byClient calls by client address, then by {@code "<script> <hash tag>"}
	 * @param apps the real application's index by client address
	 * @param holders the real application holding each queue's turn
	 */
	static Map<String, Double> project(Map<String, Map<String, Long>> byClient, Map<String, Integer> apps,
			Map<String, Integer> holders, int registered, double seconds) {
		int real = (int) apps.values().stream().distinct().count();
		Map<String, long[]> byApp = new LinkedHashMap<>();
		byClient.forEach((client, counts) -> {
			Integer app = apps.get(client);
			if (app != null) {
				counts.forEach((call, count) -> byApp.computeIfAbsent(call, (key) -> new long[real])[app] += count);
			}
		});
		Map<String, Double> fleet = new LinkedHashMap<>();
		byApp.forEach((call, counts) -> {
			String script = call.substring(0, call.indexOf(' '));
			String tag = call.substring(call.indexOf(' ') + 1);
			Integer holder = holders.get(tag);
			double total = 0;
			for (long count : counts) {
				total += count;
			}
			double calls;
			if (PER_TASK.contains(script)) {
				calls = total;
			}
			else if (holder != null && holder < real) {
				double others = (real > 1) ? (total - counts[holder]) / (real - 1) : 0;
				calls = counts[holder] + others * (registered - 1);
			}
			else {
				calls = total / real * registered;
			}
			double perSecond = calls / seconds;
			fleet.merge(script, perSecond, Double::sum);
			if (!FETCH.contains(script) && !PER_TASK.contains(script)) {
				fleet.merge(holders.containsKey(tag) ? QUEUE_CALLS : INSTANCE_CALLS, perSecond, Double::sum);
			}
		});
		return fleet;
	}

	/** Each real application's index by the address of its connections. */
	private static Map<String, Integer> apps(RedisTarget redis) {
		Map<String, Integer> apps = new LinkedHashMap<>();
		for (String line : redis.server().cli("CLIENT", "LIST").split("\r?\n")) {
			String address = null;
			String name = null;
			for (String field : line.split(" ")) {
				if (field.startsWith("addr=")) {
					address = field.substring(5);
				}
				else if (field.startsWith("name=")) {
					name = field.substring(5);
				}
			}
			if (address != null && name != null && name.startsWith(CLIENT)) {
				apps.put(address, Integer.parseInt(name.substring(CLIENT.length())));
			}
		}
		return apps;
	}

	/** The real application holding each queue's agent turn (absent: none holds it). */
	private static Map<String, Integer> holders(RedisConnection connection, RedisKeys keys,
			List<ConfigurableApplicationContext> instances) {
		Map<String, Integer> holders = new LinkedHashMap<>();
		for (int q = 0; q < QUEUES; q++) {
			String queue = ScaleQueuesScenario.queueName(q);
			byte[] holder = connection.stringCommands().get(Registry.bytes(keys.turn(queue)));
			holders.put(queue, Integer.MAX_VALUE);
			for (int i = 0; i < instances.size(); i++) {
				String id = instances.get(i)
					.getBean(AsyncTaskWorkers.class)
					.container()
					.map(WorkerContainer::instanceId)
					.orElse("");
				if (holder != null && id.equals(new String(holder, StandardCharsets.UTF_8))) {
					holders.put(queue, i);
				}
			}
		}
		return holders;
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
						.zAdd(bytes(this.keys.servingInstances(ScaleQueuesScenario.queueName(q))), until, id);
				}
				this.connection.zSetCommands().zAdd(bytes(this.keys.instancesSeen()), until, id);
				this.connection.hashCommands()
					.hSet(bytes(this.keys.instancesInfo()), id, bytes("{\"id\":\"simulated-" + i + "\"}"));
			}
		}

		static byte[] bytes(String value) {
			return value.getBytes(StandardCharsets.UTF_8);
		}

	}

	/** The periodic task of the first queue: one tick a second for the whole fleet. */
	public static class Ticker {

		@AsyncTask(name = "scale.tick", queue = "q000", every = "1s")
		public void tick() {
		}

	}

}
