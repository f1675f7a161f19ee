package io.github.asynctask.schedule;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.test.RedisServer;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Connection factories to the test Redis, one per simulated instance, closed together.
 */
final class TestConnections implements AutoCloseable {

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	LettuceConnectionFactory connect(RedisServer redis) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(redis.host(), redis.port()));
		factory.afterPropertiesSet();
		factory.start();
		this.factories.add(factory);
		return factory;
	}

	@Override
	public void close() {
		this.factories.forEach(LettuceConnectionFactory::destroy);
	}

}
