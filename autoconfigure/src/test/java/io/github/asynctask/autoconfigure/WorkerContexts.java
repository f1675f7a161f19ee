package io.github.asynctask.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Contexts with real workers on Redis for the integration tests: the auto-configuration,
 * a short lease (so a heartbeat every second) and a fast poll, and the task bean.
 */
public final class WorkerContexts {

	private WorkerContexts() {
	}

	/** A runner of the auto-configuration with {@code tasks} as a bean. */
	public static ApplicationContextRunner withTasks(Class<?> tasks, String... properties) {
		return new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
			.withPropertyValues("async-task.lease=3s", "async-task.shutdown-timeout=1s",
					"async-task.worker.poll-interval=500ms")
			.withPropertyValues(properties)
			.withBean(tasks);
	}

}
