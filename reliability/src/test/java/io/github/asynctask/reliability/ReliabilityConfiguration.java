package io.github.asynctask.reliability;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.outbox.OutboxAutoConfiguration;
import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.autoconfigure.schedule.RuntimeScheduleAutoConfiguration;
import io.github.asynctask.autoconfigure.version.AsyncTaskVersionAutoConfiguration;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.submit.ResendBuffer;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The application of the suite, as a user's application with the starter has it: the
 * starter's auto-configuration, set up by {@code async-task.*} properties made from the
 * arguments, on the rig's own connection factory (cluster topology refresh, fail-fast),
 * plus the ledger seams (a {@link LedgerBroker} the auto-configuration backs off for).
 * One class serves the worker JVMs ({@code worker=true}) and the test's producer context.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ AsyncTaskAutoConfiguration.class, OutboxAutoConfiguration.class,
		AsyncTaskVersionAutoConfiguration.class, RuntimeScheduleAutoConfiguration.class })
class ReliabilityConfiguration {

	/**
	 * A context for these {@link WorkerJvm.Options}-style {@code key=value} arguments.
	 */
	static AnnotationConfigApplicationContext context(Map<String, String> args) {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		Args arguments = new Args(Map.copyOf(args));
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("arguments", properties(arguments)));
		context.registerBean(Args.class, () -> arguments);
		context.register(ReliabilityConfiguration.class);
		if (arguments.worker()) {
			context.register(WorkerConfiguration.class);
		}
		if (Boolean.parseBoolean(arguments.get("schedules", "false"))) {
			context.registerBean(ScheduledTasks.class);
		}
		if (Boolean.parseBoolean(arguments.get("flows", "false"))) {
			context.registerBean(FlowTasks.class);
			if (arguments.worker() && arguments.values().containsKey("haltAfterFlowMark")) {
				// replaces the auto-configured flow store (@ConditionalOnMissingBean)
				context.registerBean(FlowStore.class,
						() -> new HaltAfterFlowMark(context.getBean(RedisConnectionFactory.class),
								context.getBean(RedisKeys.class),
								context.getBean(AsyncTaskProperties.class).getRedisTimeout(),
								context.getBean(Ledger.class), Path.of(arguments.get("ledger")),
								Integer.parseInt(arguments.get("haltAfterFlowMark")),
								Integer.parseInt(arguments.get("flowHalts", "1"))));
			}
		}
		if (arguments.soak()) {
			context.registerBean(SoakTasks.class);
		}
		ScenarioBeans.register(context, arguments);
		if (arguments.values().containsKey(OutboxDatabase.URL)) {
			context.register(OutboxDatabase.class);
		}
		context.refresh();
		return context;
	}

	/**
	 * The {@code async-task.*} properties an application would set for these arguments.
	 */
	private static Map<String, Object> properties(Args args) {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("async-task.key-prefix", args.get("prefix"));
		// the bound on each Redis call and connection attempt
		properties.put("async-task.redis-timeout", args.get("redisTimeout", "5000") + "ms");
		// completed tasks kept this long make a re-sent submit of one a no-op
		properties.put("async-task.retention.completed", args.get("completedRetention", "0") + "ms");
		properties.put("async-task.worker.enabled", args.worker());
		properties.put("async-task.queues." + ReliabilityTasks.QUEUE + ".shards", args.get("shards", "1"));
		properties.putAll(OutboxDatabase.properties(args));
		properties.putAll(ScenarioBeans.properties(args));
		if (args.soak()) {
			for (String queue : SoakTasks.QUEUES) {
				properties.put("async-task.queues[" + queue + "].shards", args.get("soakShards", "4"));
				properties.put("async-task.queues[" + queue + "].concurrency", args.get("concurrency", "4"));
			}
			properties.put("async-task.queues[" + SoakTasks.LIMITED_QUEUE + "].rate-limit", SoakTasks.RATE + "/1s");
		}
		if (args.worker()) {
			properties.put("async-task.queues." + ReliabilityTasks.QUEUE + ".concurrency", args.get("concurrency"));
			if (Boolean.parseBoolean(args.get("flows", "false"))) {
				// brackets: the queue names contain dots
				properties.put("async-task.queues[" + FlowTasks.PAY_QUEUE + "].concurrency", args.get("concurrency"));
				properties.put("async-task.queues[" + FlowTasks.SHIP_QUEUE + "].concurrency", args.get("concurrency"));
			}
			// queues left to other worker JVMs
			for (String queue : args.get("disabledQueues", "").split(",")) {
				if (!queue.isBlank()) {
					properties.put("async-task.queues[" + queue + "].enabled", "false");
				}
			}
			properties.put("async-task.lease", args.get("lease") + "ms");
			properties.put("async-task.worker.heartbeat-interval", args.get("heartbeat") + "ms");
			properties.put("async-task.worker.poll-interval", args.get("poll") + "ms");
			properties.put("async-task.shutdown-timeout", args.get("shutdown") + "ms");
			// a task no worker JVM defines is handed back this long before it goes to
			// dead
			properties.put("async-task.worker.unknown-task-grace", args.get("unknownTaskGrace", "3600000") + "ms");
			properties.put("async-task.defaults.backoff.policy", "fixed");
			properties.put("async-task.defaults.backoff.delay", args.get("backoff", "200") + "ms");
		}
		return properties;
	}

	@Bean
	ReliabilityTasks reliabilityTasks() {
		return new ReliabilityTasks();
	}

	@Bean
	LettuceConnectionFactory redisConnectionFactory(Args args) {
		String password = args.get("password", null);
		String user = args.get("user", null);
		if (args.values().containsKey("cluster")) {
			RedisClusterConfiguration cluster = new RedisClusterConfiguration(List.of(args.get("cluster").split(",")));
			cluster.setUsername(user);
			if (password != null) {
				cluster.setPassword(password);
			}
			// follow MOVED/failovers at once (adaptive triggers) and poll the topology
			// too
			ClusterTopologyRefreshOptions refresh = ClusterTopologyRefreshOptions.builder()
				.enableAdaptiveRefreshTrigger(ClusterTopologyRefreshOptions.RefreshTrigger.values())
				.adaptiveRefreshTriggersTimeout(Duration.ofMillis(500))
				.enablePeriodicRefresh(Duration.ofSeconds(1))
				.build();
			return new LettuceConnectionFactory(cluster,
					LettuceClientConfiguration.builder()
						.clientOptions(ClusterClientOptions.builder().topologyRefreshOptions(refresh).build())
						.commandTimeout(Duration.ofSeconds(2))
						.build());
		}
		String[] hostPort = args.get("redis").split(":");
		RedisStandaloneConfiguration standalone = new RedisStandaloneConfiguration(hostPort[0],
				Integer.parseInt(hostPort[1]));
		standalone.setUsername(user);
		if (password != null) {
			standalone.setPassword(password);
		}
		if (Boolean.parseBoolean(args.get("failFast", "false"))) {
			// refuse commands while disconnected instead of queueing them until
			// reconnected
			return new LettuceConnectionFactory(standalone,
					LettuceClientConfiguration.builder()
						.clientOptions(ClientOptions.builder()
							.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
							.build())
						.commandTimeout(Duration.ofSeconds(1))
						.build());
		}
		return new LettuceConnectionFactory(standalone);
	}

	@Bean(destroyMethod = "close")
	Ledger ledger(Args args) {
		return new Ledger(Path.of(args.get("ledger")));
	}

	// The broker the auto-configuration would make, recording into the ledger.
	@Bean
	LedgerBroker redisBroker(LettuceConnectionFactory connections, RedisKeys keys, Ledger ledger,
			AsyncTaskProperties properties, BacklogLimits backlogLimits) {
		LuaRedisBroker lua = new LuaRedisBroker(connections, keys, properties.getRetention().getCompleted(),
				properties.getRedisTimeout(), properties.getRetention().getCompletedIds());
		lua.backlogLimits(backlogLimits);
		return new LedgerBroker(new ShardedRedisBroker(lua, shardCounts(properties)), ledger,
				(delivery, lease) -> handedOutAt(connections, keys, delivery, lease));
	}

	/**
	 * When Redis handed a delivery out: its lease deadline, read at once, less the lease
	 * (a heartbeat has not extended it yet); for the soak's rate check, which must not
	 * count the client's reply times.
	 */
	private static long handedOutAt(LettuceConnectionFactory connections, RedisKeys keys, Delivery delivery,
			Duration lease) {
		try (RedisConnection connection = connections.getConnection()) {
			Double deadline = connection.zSetCommands()
				.zScore(keys.active(delivery.queue()).getBytes(StandardCharsets.UTF_8),
						delivery.id().getBytes(StandardCharsets.UTF_8));
			return (deadline != null) ? deadline.longValue() - lease.toMillis() : -1;
		}
		catch (RuntimeException ex) {
			return -1;
		}
	}

	/** The shard count of every configured queue, as the auto-configuration reads it. */
	private static Map<String, Integer> shardCounts(AsyncTaskProperties properties) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		properties.getQueues().forEach((queue, settings) -> counts.put(queue, settings.getShards()));
		return counts;
	}

	// A smaller re-send buffer than the auto-configuration's when a test asks for one.
	@Bean(destroyMethod = "close")
	ResendBuffer resendBuffer(RedisBroker broker, Args args, ResendSizes sizes) {
		return new ResendBuffer(broker, Integer.parseInt(args.get("resendCapacity", "10000")), sizes);
	}

	@Bean
	ResendSizes resendSizes() {
		return new ResendSizes();
	}

	/** The {@code key=value} arguments. */
	record Args(Map<String, String> values) {

		String get(String key) {
			String value = this.values.get(key);
			if (value == null) {
				throw new IllegalArgumentException("Missing argument " + key + "=...");
			}
			return value;
		}

		String get(String key, String fallback) {
			return this.values.getOrDefault(key, fallback);
		}

		boolean worker() {
			return Boolean.parseBoolean(get("worker", "false"));
		}

		boolean soak() {
			return Boolean.parseBoolean(get("soak", "false"));
		}

	}

}
