package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.test.RedisServer;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.awaitility.Awaitility.await;

/**
 * Spring connection factories for the test Redis servers.
 */
public final class RedisConnections {

	private RedisConnections() {
	}

	/**
	 * Commands fail after this long instead of Lettuce's 60 s, so outage tests stay
	 * quick.
	 */
	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	public static LettuceConnectionFactory standalone(RedisServer redis) {
		return started(new LettuceConnectionFactory(new RedisStandaloneConfiguration(redis.host(), redis.port()),
				clientConfiguration()));
	}

	public static LettuceConnectionFactory standalone(RedisServer redis, String username, String password) {
		RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration(redis.host(), redis.port());
		configuration.setUsername(username);
		configuration.setPassword(password);
		return started(new LettuceConnectionFactory(configuration, clientConfiguration()));
	}

	public static LettuceConnectionFactory cluster(List<String> hostPorts) {
		return started(new LettuceConnectionFactory(new RedisClusterConfiguration(hostPorts), clientConfiguration()));
	}

	/**
	 * The factory once its shared connection is open: on a loaded machine the first
	 * opening can take longer than a broker's reply timeout, which would fail whichever
	 * test happens to run first (for the fixtures that make one factory per class).
	 */
	public static LettuceConnectionFactory warmedUp(LettuceConnectionFactory factory) {
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
			try (RedisConnection connection = factory.getConnection()) {
				return connection.ping() != null;
			}
		});
		return factory;
	}

	private static LettuceClientConfiguration clientConfiguration() {
		return LettuceClientConfiguration.builder().commandTimeout(COMMAND_TIMEOUT).build();
	}

	private static LettuceConnectionFactory started(LettuceConnectionFactory factory) {
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

}
