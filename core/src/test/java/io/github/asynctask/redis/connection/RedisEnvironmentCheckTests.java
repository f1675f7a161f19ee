package io.github.asynctask.redis.connection;

import java.util.Properties;

import io.github.asynctask.AsyncTaskException;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisServerCommands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * The version rule of {@link RedisEnvironmentCheck}. No Redis older than 6.2 runs here
 * (the suite's redis-server is 7.x), so the server's replies are stubbed; the real-Redis
 * side is in {@code RedisEnvironmentCheckIntegrationTests}.
 */
class RedisEnvironmentCheckTests {

	@Test
	void aRedisOlderThan62RefusesStartUpEvenWhenNotStrict() {
		RedisConnectionFactory redis = answering(info("redis_version", "5.0.14"), config("noeviction"));
		assertThatExceptionOfType(AsyncTaskException.class)
			.isThrownBy(() -> new RedisEnvironmentCheck(redis, false).check())
			.withMessageContaining("Redis 5.0.14 is older than 6.2.0")
			.withMessageContaining("RPOP key count")
			.withMessageContaining("spring.data.redis.*");
	}

	@Test
	void theOldestNodeOfAClusterDecides() {
		Properties info = info("127.0.0.1:7000.redis_version", "7.2.4");
		info.setProperty("127.0.0.1:7001.redis_version", "6.0.9");
		RedisConnectionFactory redis = answering(info, config("noeviction"));
		assertThat(new RedisEnvironmentCheck(redis, false).version()).isEqualTo(new RedisVersion(6, 0, 9));
		assertThatExceptionOfType(AsyncTaskException.class)
			.isThrownBy(() -> new RedisEnvironmentCheck(redis, false).check())
			.withMessageContaining("Redis 6.0.9 is older");
	}

	@Test
	void redis62AndValkeyPass() {
		assertThatCode(
				() -> new RedisEnvironmentCheck(answering(info("redis_version", "6.2.0"), config("noeviction")), true)
					.check())
			.doesNotThrowAnyException();
		// Valkey 8 reports the Redis version it is compatible with
		assertThatCode(
				() -> new RedisEnvironmentCheck(answering(info("redis_version", "7.2.4"), config("noeviction")), true)
					.check())
			.doesNotThrowAnyException();
	}

	@Test
	void anEvictingNodeOfAClusterIsFound() {
		Properties config = new Properties();
		config.setProperty("127.0.0.1:7000.maxmemory-policy", "noeviction");
		config.setProperty("127.0.0.1:7001.maxmemory-policy", "allkeys-lru");
		RedisEnvironmentCheck check = new RedisEnvironmentCheck(answering(info("redis_version", "7.0.15"), config),
				true);
		assertThat(check.evictionPolicy()).isEqualTo("allkeys-lru");
		assertThatExceptionOfType(AsyncTaskException.class).isThrownBy(check::check)
			.withMessageContaining("maxmemory-policy is 'allkeys-lru'");
	}

	@Test
	void versionsParseAndCompare() {
		assertThat(RedisVersion.parse("6.2.14")).isEqualTo(new RedisVersion(6, 2, 14));
		assertThat(RedisVersion.parse("7")).isEqualTo(new RedisVersion(7, 0, 0));
		assertThat(RedisVersion.parse("unstable")).isNull();
		assertThat(new RedisVersion(6, 1, 99).isSupported()).isFalse();
		assertThat(new RedisVersion(6, 2, 0).isSupported()).isTrue();
		assertThat(new RedisVersion(10, 0, 0).isSupported()).isTrue();
	}

	private static Properties info(String key, String version) {
		Properties info = new Properties();
		info.setProperty(key, version);
		info.setProperty("redis_mode", "standalone");
		return info;
	}

	private static Properties config(String policy) {
		Properties config = new Properties();
		config.setProperty("maxmemory-policy", policy);
		return config;
	}

	private static RedisConnectionFactory answering(Properties info, Properties config) {
		RedisServerCommands server = mock(RedisServerCommands.class);
		given(server.info("server")).willReturn(info);
		given(server.getConfig("maxmemory-policy")).willReturn(config);
		RedisConnection connection = mock(RedisConnection.class);
		given(connection.serverCommands()).willReturn(server);
		RedisConnectionFactory factory = mock(RedisConnectionFactory.class);
		given(factory.getConnection()).willReturn(connection);
		return factory;
	}

}
