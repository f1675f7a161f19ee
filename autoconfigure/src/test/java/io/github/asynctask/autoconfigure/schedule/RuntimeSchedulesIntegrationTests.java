package io.github.asynctask.autoconfigure.schedule;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link RuntimeSchedulesScenarios} on one standalone Redis.
 */
@ExtendWith(RedisExtension.class)
class RuntimeSchedulesIntegrationTests extends RuntimeSchedulesScenarios {

	private RedisServer redis;

	@BeforeEach
	void redis(RedisServer redis) {
		this.redis = redis;
	}

	@Override
	String[] redisProperties() {
		return new String[] { "spring.data.redis.host=" + this.redis.host(),
				"spring.data.redis.port=" + this.redis.port() };
	}

}
