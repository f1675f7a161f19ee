package io.github.asynctask.autoconfigure;

import java.util.List;

import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auto-configured broker against a real Redis: it talks through the application's
 * {@code spring.data.redis.*} connection and writes under the configured key prefix.
 */
@ExtendWith(RedisExtension.class)
class AsyncTaskAutoConfigurationIntegrationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class));

	@Test
	void brokerUsesTheApplicationsRedisConnectionAndKeyPrefix(RedisServer redis) {
		redis.flushAll();
		this.contextRunner
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"async-task.key-prefix=shop")
			.run((context) -> {
				RedisBroker broker = context.getBean(RedisBroker.class);
				broker.registerQueues(List.of("mail", "orders"));
				assertThat(broker.knownQueues()).contains("mail", "orders");
				assertThat(redis.cli("SMEMBERS", "shop:queues")).contains("mail").contains("orders");
				assertThat(broker.stats("mail").pending()).isZero();
			});
	}

	@Test
	void strictRedisRefusesToStartWhenRedisMayEvictTasks(RedisServer redis) {
		redis.cli("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		try {
			this.contextRunner
				.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
						"async-task.strict-redis=true", "async-task.worker.enabled=false")
				.run((context) -> assertThat(context).hasFailed()
					.getFailure()
					.hasMessageContaining("maxmemory-policy is 'allkeys-lru'")
					.hasMessageContaining("async-task.strict-redis=true"));
		}
		finally {
			redis.cli("CONFIG", "SET", "maxmemory-policy", "noeviction");
		}
	}

}
