package io.github.asynctask.test;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The URL path, against a password-protected {@code redis-server} standing in for a
 * shared server.
 */
class ExternalRedisIntegrationTests {

	private static RedisProcess protectedRedis;

	@BeforeAll
	static void startProtectedServer() {
		protectedRedis = RedisProcess.start("--requirepass", "s3cret");
	}

	@AfterAll
	static void stopProtectedServer() {
		protectedRedis.close();
	}

	private String url(String suffix) {
		return "redis://:s3cret@127.0.0.1:" + protectedRedis.port() + suffix;
	}

	@Test
	void authenticatesAndSelectsTheDatabaseOfTheUrl() {
		ExternalRedis db2 = ExternalRedis.parse(url("/2"));
		ExternalRedis db0 = ExternalRedis.parse(url(""));
		db2.cli("SET", "where", "db2");
		assertThat(db2.cli("GET", "where")).isEqualTo("db2");
		assertThat(db0.cli("GET", "where")).isNull();
		assertThat(db2.url()).isEqualTo(url("/2"));
		assertThatIllegalStateException().isThrownBy(() -> protectedRedis.cli("GET", "where"))
			.withMessageContaining("NOAUTH");
	}

	@Test
	void theEnvironmentVariableWinsAndTheServerIsFlushedButNotOwned() throws Exception {
		ExternalRedis.parse(url("")).cli("SET", "leftover", "from another run");
		Map<String, String> env = Map.of("ASYNCTASK_TEST_REDIS_URL", url(""), "REDIS_SERVER_BIN", "/nonexistent");
		RedisSources.Provided provided = RedisSources.open(env::get);
		RedisServer redis = provided.server();
		assertThat(redis.port()).isEqualTo(protectedRedis.port());
		assertThat(redis.cli("GET", "leftover")).isNull();
		assertThat(redis.canInjectFaults()).isFalse();
		assertThat(redis.pid()).isEqualTo(-1);
		assertThatThrownBy(redis::kill).isInstanceOf(UnsupportedOperationException.class)
			.hasMessageContaining("assumeTrue(redis.canInjectFaults())");
		assertThatThrownBy(redis::stop).isInstanceOf(UnsupportedOperationException.class);
		assertThatThrownBy(redis::start).isInstanceOf(UnsupportedOperationException.class);
		provided.close();
		assertThat(protectedRedis.isRunning()).isTrue();
		assertThat(redis.isRunning()).isTrue();
	}

	@Test
	void aUrlThatIsNotRedisIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException().isThrownBy(() -> ExternalRedis.parse("http://localhost:6379"))
			.withMessageContaining("ASYNCTASK_TEST_REDIS_URL")
			.withMessageContaining("redis://");
		assertThatIllegalArgumentException().isThrownBy(() -> ExternalRedis.parse("redis://localhost:6379/zero"))
			.withMessageContaining("database");
	}

}
