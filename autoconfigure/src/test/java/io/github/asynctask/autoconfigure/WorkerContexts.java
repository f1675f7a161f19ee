package io.github.asynctask.autoconfigure;

import io.github.asynctask.test.RedisServer;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Contexts with real workers on Redis for the integration tests: the auto-configuration
 * and the task beans, on the Redis given or on the one the properties name.
 */
public final class WorkerContexts {

	private WorkerContexts() {
	}

	/**
	 * A runner of the auto-configuration with {@code tasks} as a bean, a short lease (so
	 * a heartbeat every second) and a fast poll.
	 */
	public static ApplicationContextRunner withTasks(Class<?> tasks, String... properties) {
		return autoConfigured()
			.withPropertyValues("async-task.lease=3s", "async-task.shutdown-timeout=1s",
					"async-task.worker.poll-interval=500ms")
			.withPropertyValues(properties)
			.withBean(tasks);
	}

	/**
	 * A runner of the auto-configuration on {@code redis} with each of {@code tasks} as a
	 * bean, and the defaults of every other setting.
	 */
	public static ApplicationContextRunner on(RedisServer redis, Class<?>... tasks) {
		ApplicationContextRunner runner = autoConfigured().withPropertyValues(redis.springDataRedisProperties());
		for (Class<?> bean : tasks) {
			runner = runner.withBean(bean);
		}
		return runner;
	}

	private static ApplicationContextRunner autoConfigured() {
		return new ApplicationContextRunner().withConfiguration(
				AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class));
	}

}
