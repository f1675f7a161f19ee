package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.aop.AsyncTaskAnnotationBeanPostProcessor;
import io.github.asynctask.aop.ProxyTaskDefinitionCheck;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.definition.BizIdEvaluator;
import io.github.asynctask.definition.TaskDefaults;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.TaskSubmitter;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The library's bean graph as an application gets it (registry, proxy, codec, submitter,
 * template, broker, worker container), wired by hand until the auto-configuration exists,
 * plus the ledger seams. One class serves the worker JVMs ({@code worker=true}) and the
 * test's producer context.
 */
@Configuration(proxyBeanMethods = false)
class ReliabilityConfiguration {

	/**
	 * A context for these {@link WorkerJvm.Options}-style {@code key=value} arguments.
	 */
	static AnnotationConfigApplicationContext context(Map<String, String> args) {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.registerBean(Args.class, () -> new Args(Map.copyOf(args)));
		context.register(ReliabilityConfiguration.class);
		if (Boolean.parseBoolean(args.getOrDefault("worker", "false"))) {
			context.register(WorkerConfiguration.class);
		}
		context.refresh();
		return context;
	}

	@Bean
	static AsyncTaskAnnotationBeanPostProcessor asyncTaskAnnotationBeanPostProcessor() {
		return new AsyncTaskAnnotationBeanPostProcessor();
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

	@Bean
	RedisKeys redisKeys(Args args) {
		return new RedisKeys(args.get("prefix"));
	}

	@Bean(destroyMethod = "close")
	Ledger ledger(Args args) {
		return new Ledger(Path.of(args.get("ledger")));
	}

	@Bean
	LedgerBroker redisBroker(LettuceConnectionFactory connections, RedisKeys keys, Ledger ledger, Args args) {
		// redisTimeout: the bound on each script's reply (async-task.redis-timeout)
		Duration replyTimeout = Duration.ofMillis(Long.parseLong(args.get("redisTimeout", "5000")));
		return new LedgerBroker(new LuaRedisBroker(connections, keys, Duration.ZERO, replyTimeout), ledger);
	}

	@Bean
	JacksonTaskCodec taskCodec() {
		return new JacksonTaskCodec(JsonMapper.builder().build(), JacksonTaskCodec.DEFAULT_MAX_PAYLOAD_BYTES);
	}

	@Bean
	BizIdEvaluator bizIdEvaluator() {
		return new BizIdEvaluator();
	}

	@Bean
	AnnotationTaskRegistry taskRegistry(JacksonTaskCodec codec, BizIdEvaluator bizIds) {
		return new AnnotationTaskRegistry(TaskDefaults.STANDARD, bizIds,
				List.of(codec, new ProxyTaskDefinitionCheck()));
	}

	@Bean(destroyMethod = "close")
	ResendBuffer resendBuffer(RedisBroker broker, Args args, ResendSizes sizes) {
		return new ResendBuffer(broker, Integer.parseInt(args.get("resendCapacity", "10000")), sizes);
	}

	@Bean
	ResendSizes resendSizes() {
		return new ResendSizes();
	}

	@Bean
	TaskSubmitter taskSubmitter(RedisBroker broker, JacksonTaskCodec codec, BizIdEvaluator bizIds,
			ResendBuffer resendBuffer) {
		return new TaskSubmitter(broker, codec, bizIds, List.of(), TaskListener.NO_OP, resendBuffer, Clock.systemUTC());
	}

	@Bean
	AsyncTaskTemplate asyncTaskTemplate(TaskSubmitter submitter, AnnotationTaskRegistry registry, RedisBroker broker) {
		return new AsyncTaskTemplate(submitter, registry, broker);
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

		Duration millis(String key) {
			return Duration.ofMillis(Long.parseLong(get(key)));
		}

	}

}
