package io.github.asynctask.autoconfigure.health;

import java.util.List;
import java.util.Map;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code asynctask} health against a real Redis: up with version, policy and dead
 * tasks; down when strict and Redis may evict, and when Redis is gone.
 */
@ExtendWith(RedisExtension.class)
class AsyncTaskHealthIntegrationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
				AsyncTaskHealthAutoConfiguration.class))
		.withPropertyValues("async-task.worker.enabled=false", "async-task.key-prefix=health");

	@Test
	void upWithTheRedisVersionThePolicyAndTheQueuesHoldingDeadTasks(RedisServer redis) {
		redis.flushAll();
		this.contextRunner.withPropertyValues(connection(redis)).run((context) -> {
			RedisBroker broker = context.getBean(RedisBroker.class);
			broker.registerQueues(List.of("mail", "orders"));
			redis.cli("ZADD", broker.keys().dead("mail"), "1", "t1", "2", "t2");
			Health health = context.getBean("asynctaskHealthIndicator", HealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat((String) health.getDetails().get("redisVersion")).matches("\\d+\\.\\d+\\.\\d+");
			assertThat(health.getDetails()).containsEntry("maxmemoryPolicy", "noeviction")
				.containsEntry("deadTasks", Map.of("mail", 2L));
		});
	}

	@Test
	void downWhenRedisMayEvictTasksAndStrictRedisIsSet(RedisServer redis) {
		redis.cli("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		try {
			this.contextRunner.withPropertyValues(connection(redis)).run((context) -> {
				Health lenient = context.getBean("asynctaskHealthIndicator", HealthIndicator.class).health(true);
				assertThat(lenient.getStatus()).isEqualTo(Status.UP);
				assertThat(lenient.getDetails()).containsKey("warning");
			});
			redis.cli("CONFIG", "SET", "maxmemory-policy", "noeviction");
			this.contextRunner.withPropertyValues(connection(redis))
				.withPropertyValues("async-task.strict-redis=true")
				.run((context) -> {
					redis.cli("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
					assertThat(
							context.getBean("asynctaskHealthIndicator", HealthIndicator.class).health(true).getStatus())
						.isEqualTo(Status.DOWN);
				});
		}
		finally {
			redis.cli("CONFIG", "SET", "maxmemory-policy", "noeviction");
		}
	}

	@Test
	void downWhenRedisCannotBeReached() {
		this.contextRunner
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=1",
					"spring.data.redis.timeout=500ms", "spring.data.redis.connect-timeout=500ms")
			.run((context) -> assertThat(
					context.getBean("asynctaskHealthIndicator", HealthIndicator.class).health(true).getStatus())
				.isEqualTo(Status.DOWN));
	}

	@Test
	void switchedOffByItsPropertyAndAbsentWithoutBootsHealthSupport(RedisServer redis) {
		this.contextRunner.withPropertyValues(connection(redis))
			.withPropertyValues("management.health.asynctask.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncTaskHealthIndicator.class));
		this.contextRunner.withPropertyValues(connection(redis))
			.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncTaskHealthIndicator.class));
	}

	private static String[] connection(RedisServer redis) {
		return new String[] { "spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port() };
	}

}
