package io.github.asynctask.autoconfigure.version;

import java.util.List;

import io.github.asynctask.TaskUpcaster;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.TaskPages;
import io.github.asynctask.version.StoredTaskCheck;
import io.github.asynctask.version.StoredTaskCheckRunner;
import io.github.asynctask.version.VersionedTaskCodec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of task versions: the application's codec (whichever it is) is
 * wrapped in a {@link VersionedTaskCodec} with every {@link TaskUpcaster} bean, and a
 * sample of the stored tasks is read once Redis answers.
 */
@AutoConfiguration(after = AsyncTaskAutoConfiguration.class,
		afterName = "io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration")
@ConditionalOnBean(TaskRegistry.class)
public final class AsyncTaskVersionAutoConfiguration {

	/** Outside async-task-test's modes that run without Redis. */
	static final String WITH_REDIS = "'${async-task.test.mode:redis}' == 'redis'";

	/** Wraps the codec bean, so that every reader of it (worker, flows) upcasts. */
	@Bean
	static BeanPostProcessor asyncTaskVersionedCodec(ObjectProvider<TaskUpcaster> upcasters) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof TaskCodec codec && !(bean instanceof VersionedTaskCodec)) {
					List<TaskUpcaster> all = upcasters.orderedStream().toList();
					return new VersionedTaskCodec(codec, all);
				}
				return bean;
			}
		};
	}

	// not in the test modes without Redis (async-task-test's record and inline)
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnExpression(WITH_REDIS)
	StoredTaskCheck asyncTaskStoredTaskCheck(RedisBroker broker, RedisConnectionFactory connectionFactory,
			RedisKeys keys, TaskRegistry registry, TaskCodec codec, AsyncTaskProperties properties) {
		return new StoredTaskCheck(broker, new TaskPages(connectionFactory, keys, properties.getRedisTimeout()),
				registry, codec, StoredTaskCheck.DEFAULT_SAMPLE);
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(StoredTaskCheck.class)
	StoredTaskCheckRunner asyncTaskStoredTaskCheckRunner(StoredTaskCheck check,
			ObjectProvider<TaskOperations> operations) {
		// the endpoint and the console show the last result in the overview
		operations.ifAvailable((console) -> console.storedTaskCheck(check));
		return new StoredTaskCheckRunner(check);
	}

}
