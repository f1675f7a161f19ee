package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The broker runs as a Redis ACL user confined to the key prefix (docs/security.md).
 */
class BrokerAclIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void aUserLimitedToTheKeyPrefixRunsEveryTransition() {
		fixture.redis.cli("ACL", "SETUSER", "tasks", "on", ">s3cret", "resetkeys", "~test:*", "resetchannels",
				"&test:*", "+@all", "-@admin", "-@dangerous");
		LettuceConnectionFactory confined = RedisConnections.standalone(fixture.redis, "tasks", "s3cret");
		try {
			LuaRedisBroker broker = new LuaRedisBroker(confined, this.keys);
			broker.enqueue(BrokerFixture.request("a"));
			broker.enqueue(BrokerFixture.request("b").withBizId("order-1", Duration.ofMinutes(1)));
			var deliveries = broker.dequeue(QUEUE, 2, LEASE);
			assertThat(deliveries).hasSize(2);
			assertThat(broker.complete(deliveries.get(0), Duration.ZERO)).isEqualTo(AckResult.APPLIED);
			assertThat(broker.kill(deliveries.get(1), "x")).isEqualTo(AckResult.APPLIED);
			assertThat(broker.retryDead(QUEUE, "b")).isTrue();
			assertThat(broker.stats(QUEUE).pending()).isEqualTo(1);
			broker.heartbeat("i1", "{}", Duration.ofMinutes(1));
			assertThat(broker.instances()).containsKey("i1");
			fixture.redis.cli("SET", "other:key", "x");
			LuaRedisBroker outside = new LuaRedisBroker(confined, new RedisKeys("other"));
			assertThatExceptionOfType(io.github.asynctask.RedisUnavailableException.class)
				.isThrownBy(() -> outside.enqueue(BrokerFixture.request("c")))
				.withMessageContaining("NOPERM");
		}
		finally {
			confined.destroy();
			fixture.redis.cli("ACL", "DELUSER", "tasks");
		}
	}

}
