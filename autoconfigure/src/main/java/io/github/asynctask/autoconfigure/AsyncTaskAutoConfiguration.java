package io.github.asynctask.autoconfigure;

import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for async-task, on top of the application's
 * {@link RedisConnectionFactory} (so every {@code spring.data.redis.*} setting applies:
 * standalone, Sentinel, Cluster, SSL, ACL).
 * <p>
 * Ordered after the neighbours whose beans it uses; they are named, not referenced, so
 * that each stays optional on the classpath. Each concern is one configuration class,
 * imported below in the order its beans are registered.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
		"org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
		"org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(RedisConnectionFactory.class)
@ConditionalOnBean(RedisConnectionFactory.class)
@ConditionalOnBooleanProperty(name = "async-task.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ AsyncTaskProperties.class, ScheduleProperties.class, ResultsProperties.class })
@Import({ BrokerConfiguration.class, // Redis: broker, flow store, reachability, checks
		SubmitConfiguration.class, // the @AsyncTask proxy, registry, codec, submitter
		WorkerConfiguration.class, // workers, wake-ups, flow sweeper
		ScheduleConfiguration.class, // periodic tasks
		BatchConfiguration.class, // batches: their store, callbacks and meters
		BacklogLimitsConfiguration.class, // max-backlog per queue and its watch
})
public final class AsyncTaskAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RedisKeys asyncTaskRedisKeys(AsyncTaskProperties properties) {
		return new RedisKeys(properties.getKeyPrefix());
	}

	/** The application's task listeners, in order, as one. */
	static TaskListener listeners(ObjectProvider<TaskListener> listeners) {
		return new CompositeTaskListener(listeners.orderedStream().toList());
	}

}
