package io.github.asynctask.redis;

import java.util.List;

import io.github.asynctask.test.RedisServer;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Spring connection factories for the test Redis servers.
 */
final class RedisConnections {

	private RedisConnections() {
	}

	static LettuceConnectionFactory standalone(RedisServer redis) {
		return started(new LettuceConnectionFactory(new RedisStandaloneConfiguration(redis.host(), redis.port())));
	}

	static LettuceConnectionFactory cluster(List<String> hostPorts) {
		return started(new LettuceConnectionFactory(new RedisClusterConfiguration(hostPorts)));
	}

	private static LettuceConnectionFactory started(LettuceConnectionFactory factory) {
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

}
