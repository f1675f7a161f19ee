package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.ClusterConnectionExtension;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instance numbers of task ids on a 3-master Redis Cluster: every key of the claim and
 * renewal shares the {instances} tag, so no call fails with CROSSSLOT, batch or not.
 */
@ExtendWith(ClusterConnectionExtension.class)
class IdNumberClusterIntegrationTests {

	private static final Duration LEASE = Duration.ofMinutes(10);

	private static LuaRedisBroker broker;

	@BeforeAll
	static void connect(LettuceConnectionFactory connectionFactory) {
		broker = new LuaRedisBroker(connectionFactory, new RedisKeys("cluster-ids"));
	}

	@Test
	void instancesClaimDifferentNumbersAndRenewThem() {
		long now = System.currentTimeMillis();
		IdNumber a = broker.claimIdNumber("a", 65_530, LEASE, now);
		IdNumber b = broker.claimIdNumber("b", 65_530, LEASE, now);
		assertThat(a).isNotNull();
		assertThat(b).isNotNull();
		assertThat(b.number()).isNotEqualTo(a.number());
		assertThat(broker.renewIdNumber("a", a.number(), LEASE, now + 1)).isGreaterThanOrEqualTo(a.horizon());
		assertThat(broker.renewIdNumber("b", a.number(), LEASE, now + 1)).isNull();
	}

}
