package io.github.asynctask.redis.connection;

import io.github.asynctask.AsyncTaskException;
import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.RedisConnections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RedisEnvironmentCheckIntegrationTests extends BrokerIntegrationTestSupport {

	@AfterEach
	void restorePolicy() {
		fixture.redis.cli("CONFIG", "SET", "maxmemory-policy", "noeviction");
	}

	@Test
	void noevictionPasses() {
		assertThatCode(() -> new RedisEnvironmentCheck(connectionFactory, true).check()).doesNotThrowAnyException();
	}

	@Test
	void readsTheVersionAndPolicyOfTheRealServer() {
		RedisEnvironmentCheck check = new RedisEnvironmentCheck(connectionFactory, true);
		assertThat(check.version()).isNotNull().matches(RedisVersion::isSupported);
		assertThat(check.evictionPolicy()).isEqualTo("noeviction");
	}

	@Test
	void anEvictingPolicyWarnsByDefaultAndRefusesWhenStrict() {
		fixture.redis.cli("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		assertThatCode(() -> new RedisEnvironmentCheck(connectionFactory, false).check()).doesNotThrowAnyException();
		assertThatExceptionOfType(AsyncTaskException.class)
			.isThrownBy(() -> new RedisEnvironmentCheck(connectionFactory, true).check())
			.withMessageContaining("maxmemory-policy is 'allkeys-lru'")
			.withMessageContaining("async-task.strict-redis=true");
	}

	@Test
	void aUserThatMayNotReadTheConfigOnlyGetsANote() {
		fixture.redis.cli("ACL", "SETUSER", "tasks", "on", ">secret", "~*", "+@all", "-config");
		var restricted = RedisConnections.standalone(fixture.redis, "tasks", "secret");
		try {
			assertThatCode(() -> new RedisEnvironmentCheck(restricted, true).check()).doesNotThrowAnyException();
		}
		finally {
			restricted.destroy();
			fixture.redis.cli("ACL", "DELUSER", "tasks");
		}
	}

}
