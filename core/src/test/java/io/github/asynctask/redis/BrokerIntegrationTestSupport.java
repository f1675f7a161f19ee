package io.github.asynctask.redis;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Base of broker tests on one Redis per class: a broker with key prefix {@code test}, and
 * an empty Redis before each test.
 */
@ExtendWith(RedisExtension.class)
abstract class BrokerIntegrationTestSupport {

	static LettuceConnectionFactory connectionFactory;

	static BrokerFixture fixture;

	final LuaRedisBroker broker = fixture.broker;

	final RedisKeys keys = fixture.keys;

	@BeforeAll
	static void connect(RedisServer redis) {
		connectionFactory = RedisConnections.standalone(redis);
		fixture = new BrokerFixture(redis, new LuaRedisBroker(connectionFactory, new RedisKeys("test")));
	}

	@AfterAll
	static void disconnect() {
		connectionFactory.destroy();
	}

	@BeforeEach
	void startEmpty() {
		if (fixture.redis.canInjectFaults()) {
			fixture.redis.start();
		}
		fixture.redis.flushAll();
	}

}
