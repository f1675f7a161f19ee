package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The batch tests' fixture on one real Redis: flushed, the {@link Imports} records reset
 * before each test, a stuck body released after it.
 */
@ExtendWith(RedisExtension.class)
abstract class BatchRedisTestSupport {

	static final Duration WAIT = Duration.ofSeconds(40);

	RedisServer redis;

	@BeforeEach
	void reset(RedisServer redis) {
		redis.flushAll();
		Imports.reset();
		this.redis = redis;
	}

	@AfterEach
	void release() {
		Imports.stuck.countDown();
	}

	ApplicationContextRunner runner() {
		return BatchesIntegrationTests.runner(this.redis.host(), this.redis.port());
	}

}
