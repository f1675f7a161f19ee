package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.lua.LuaRedisBroker;
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
public abstract class BrokerIntegrationTestSupport {

	public static LettuceConnectionFactory connectionFactory;

	public static BrokerFixture fixture;

	public final LuaRedisBroker broker = fixture.broker;

	public final RedisKeys keys = fixture.keys;

	@BeforeAll
	public static void connect(RedisServer redis) {
		connectionFactory = RedisConnections.standalone(redis);
		fixture = new BrokerFixture(redis, new LuaRedisBroker(connectionFactory, new RedisKeys("test")));
		warmUp();
	}

	/**
	 * Opens the broker's shared connection before the first test: on a loaded machine the
	 * first opening can take longer than the broker's reply timeout, which would fail
	 * whichever test happens to run first.
	 */
	private static void warmUp() {
		long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (true) {
			try {
				fixture.broker.stats("warm-up");
				return;
			}
			catch (RedisUnavailableException ex) {
				if (System.nanoTime() > giveUp) {
					throw ex;
				}
			}
		}
	}

	@AfterAll
	public static void disconnect() {
		connectionFactory.destroy();
	}

	@BeforeEach
	public void startEmpty() {
		if (fixture.redis.canInjectFaults()) {
			fixture.redis.start();
		}
		fixture.redis.flushAll();
	}

}
