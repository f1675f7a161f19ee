package io.github.asynctask.autoconfigure;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.RedisWakeSignals;
import io.github.asynctask.redis.WakeSignals;
import io.github.asynctask.worker.WorkerSettings;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for async-task, on top of the application's
 * {@link RedisConnectionFactory} (so every {@code spring.data.redis.*} setting applies:
 * standalone, Sentinel, Cluster, SSL, ACL).
 * <p>
 * Ordered after the neighbours whose beans it uses; they are named, not referenced, so
 * that each stays optional on the classpath.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
		"org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
		"org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(RedisConnectionFactory.class)
@ConditionalOnBean(RedisConnectionFactory.class)
@ConditionalOnBooleanProperty(name = "async-task.enabled", matchIfMissing = true)
@EnableConfigurationProperties(AsyncTaskProperties.class)
@Import({ AsyncTaskAutoConfiguration.BrokerConfiguration.class, AsyncTaskAutoConfiguration.WorkerConfiguration.class })
public final class AsyncTaskAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RedisKeys asyncTaskRedisKeys(AsyncTaskProperties properties) {
		return new RedisKeys(properties.getKeyPrefix());
	}

	/**
	 * The Redis side shared by submitting and working instances.
	 */
	@Configuration(proxyBeanMethods = false)
	static class BrokerConfiguration {

		@Bean
		@ConditionalOnMissingBean
		RedisBroker asyncTaskRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys,
				AsyncTaskProperties properties) {
			return new LuaRedisBroker(connectionFactory, keys, properties.getRetention().getCompleted());
		}

		// LEAD: SUBMIT SIDE (issue 3, in core on main). Wire here, each
		// @ConditionalOnMissingBean: TaskDefaults(defaults.max-retries, defaults.timeout,
		// defaults.dedup-ttl, "default"); AnnotationTaskRegistry(TaskDefaults,
		// BizIdEvaluator, checks); JacksonTaskCodec(the application's JsonMapper, after
		// JacksonAutoConfiguration, max-payload-size in bytes); ResendBuffer;
		// TaskSubmitter;
		// AsyncTaskTemplate(submitter, registry, broker); ProxyTaskBodyInvoker; and the
		// AsyncTaskAnnotationBeanPostProcessor as a static @Bean. strict-redis decides
		// whether an unreachable Redis at start-up fails the context.

	}

	/**
	 * The worker side: present unless {@code async-task.worker.enabled=false} makes this
	 * instance submit only.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
	static class WorkerConfiguration {

		// Only workers listen for wake-ups; submitting needs no subscriber connection.
		@Bean
		@ConditionalOnMissingBean
		WakeSignals asyncTaskWakeSignals(RedisConnectionFactory connectionFactory, RedisKeys keys) {
			return new RedisWakeSignals(connectionFactory, keys);
		}

		@Bean
		@ConditionalOnMissingBean
		WorkerSettings asyncTaskWorkerSettings(AsyncTaskProperties properties) {
			return WorkerSettingsMapper.workerSettings(properties);
		}

		// A BackoffPolicy bean of the application replaces async-task.defaults.backoff.*.
		@Bean
		@ConditionalOnMissingBean
		BackoffPolicy asyncTaskBackoffPolicy(AsyncTaskProperties properties) {
			return WorkerSettingsMapper.backoffPolicy(properties.getDefaults().getBackoff());
		}

		// LEAD: WORKER CONTAINER. Once the submit side (issue 3) gives a TaskRegistry,
		// a TaskCodec and a TaskBodyInvoker, add here:
		// @Bean @ConditionalOnMissingBean WorkerContainer asyncTaskWorkerContainer(
		// RedisBroker, WakeSignals, TaskRegistry, TaskCodec, TaskBodyInvoker,
		// WorkerSettings, BackoffPolicy, ObjectProvider<TaskInterceptor>,
		// ObjectProvider<TaskListener>) = new WorkerContainerBuilder(...).backoff(..)
		// .interceptors(..).listener(..).build(). It is a SmartLifecycle; its pools stay
		// private (never Executor beans).

	}

}
