package io.github.asynctask.testing;

import java.lang.reflect.Proxy;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.worker.WorkerContainer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which beans each value of {@code async-task.test.mode} brings, and that without one the
 * application's set-up is left alone. Nothing here connects to Redis: the address is a
 * port nobody listens on and the worker is off.
 */
class AsyncTaskTestAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
				AsyncTaskTestAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.port=1", "spring.data.redis.timeout=1s");

	@Test
	void withoutAModeNothingChanges() {
		this.runner.withPropertyValues("async-task.worker.enabled=false").run((context) -> {
			assertThat(context).hasSingleBean(ShardedRedisBroker.class)
				.doesNotHaveBean(AsyncTaskRecorder.class)
				.doesNotHaveBean(AsyncTaskTestSupport.class)
				.hasBean(RedisEnvironmentCheckRemover.CHECK_BEAN);
		});
	}

	@Test
	void recordModeReplacesTheBrokerAndDropsTheRedisCheck() {
		this.runner.withPropertyValues("async-task.test.mode=record", "async-task.worker.enabled=false")
			.run((context) -> {
				assertThat(context).hasSingleBean(AsyncTaskRecorder.class)
					.doesNotHaveBean(ShardedRedisBroker.class)
					.doesNotHaveBean(WorkerContainer.class)
					.doesNotHaveBean(RedisEnvironmentCheckRemover.CHECK_BEAN)
					.doesNotHaveBean(AsyncTaskTestSupport.class);
				assertThat(Proxy.isProxyClass(context.getBean(RedisBroker.class).getClass())).isTrue();
			});
	}

	@Test
	void redisModeAddsTheDrainSupportOnly() {
		this.runner.withPropertyValues("async-task.test.mode=redis", "async-task.worker.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(AsyncTaskTestSupport.class)
				.hasSingleBean(ShardedRedisBroker.class)
				.doesNotHaveBean(AsyncTaskRecorder.class));
	}

}
