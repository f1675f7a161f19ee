package io.github.asynctask.test;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Implemented by a Spring Boot test class: gives it the Redis of {@link RedisExtension}
 * and points {@code spring.data.redis.host} and {@code port} at it, instead of a
 * {@code @BeforeAll} and a {@code @DynamicPropertySource} in each class. The context is
 * closed after the class ({@link DirtiesContext}), before its Redis stops, so that no
 * later class reuses a context whose Redis is gone.
 */
@ExtendWith(RedisExtension.class)
@DirtiesContext
public interface RedisForSpringBootTests {

	@BeforeAll
	static void keepRedis(RedisServer server) {
		CurrentRedis.set(server);
	}

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.host", () -> CurrentRedis.get().host());
		registry.add("spring.data.redis.port", () -> CurrentRedis.get().port());
	}

}
