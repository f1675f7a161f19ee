package io.github.asynctask.testing;

import org.junit.jupiter.api.AfterAll;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Points the application's Redis address at a socket that only counts connections, and
 * fails the test class if anything connected.
 */
abstract class WithoutRedisTests {

	// Shared by the subclasses and never closed: their cached contexts keep its port.
	private static final ConnectionCounter redis = new ConnectionCounter();

	@DynamicPropertySource
	static void redisAddress(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", redis::port);
		registry.add("spring.data.redis.timeout", () -> "1s");
	}

	@AfterAll
	static void noRedisConnectionWasOpened() {
		assertThat(redis.accepted()).as("connections to Redis").isZero();
	}

}
