package io.github.asynctask.redis;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.RedisBrokerExtension;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.script.LuaSources;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Claiming and renewing instance numbers of task ids: id_claim.lua and id_renew.lua.
 */
@ExtendWith(RedisBrokerExtension.class)
class IdNumberIntegrationTests {

	private static final Duration LEASE = Duration.ofMinutes(10);

	private static final RedisKeys KEYS = new RedisKeys("ids");

	private static LuaRedisBroker broker;

	@BeforeAll
	static void connect(LettuceConnectionFactory connectionFactory) {
		broker = new LuaRedisBroker(connectionFactory, KEYS);
	}

	@Test
	void aClaimTakesTheFirstFreeNumberFromTheStartAndRecordsItsHorizon(RedisServer redis) {
		long now = 1_800_000_000_000L;
		IdNumber first = broker.claimIdNumber("a", 7, LEASE, now);
		IdNumber second = broker.claimIdNumber("b", 7, LEASE, now);
		assertThat(first).isEqualTo(new IdNumber(7, 0, now + LEASE.toMillis()));
		assertThat(second.number()).isEqualTo(8);
		assertThat(redis.cli("GET", "ids:{instances}:n:7")).isEqualTo("a");
		assertThat(Long.parseLong(redis.cli("PTTL", "ids:{instances}:n:7"))).isBetween(1L, LEASE.toMillis());
		assertThat(redis.cli("HGET", "ids:{instances}:id-horizons", "7")).isEqualTo(Long.toString(now + 600_000));
	}

	@Test
	void aNumberWhoseLeaseRanOutGoesToTheNextHolderAfterTheOldHorizon(RedisServer redis) {
		long ahead = 1_800_000_000_000L;
		IdNumber old = broker.claimIdNumber("fast-clock", 65_535, LEASE, ahead);
		redis.cli("DEL", "ids:{instances}:n:65535");
		long behind = ahead - 60_000;
		IdNumber taken = broker.claimIdNumber("slow-clock", 65_535, LEASE, behind);
		assertThat(taken.number()).isEqualTo(65_535);
		assertThat(taken.after()).as("ids start after the old holder's horizon").isEqualTo(old.horizon());
		assertThat(taken.horizon()).isEqualTo(old.horizon() + 1 + LEASE.toMillis());
	}

	@Test
	void aRenewalKeepsTheNumberAndNeverLowersTheHorizon(RedisServer redis) {
		long now = 1_800_000_000_000L;
		IdNumber number = broker.claimIdNumber("a", 0, Duration.ofSeconds(30), now);
		assertThat(broker.renewIdNumber("a", 0, LEASE, now + 1_000)).isEqualTo(number.horizon());
		assertThat(Long.parseLong(redis.cli("PTTL", "ids:{instances}:n:0"))).isGreaterThan(30_000);
		assertThat(broker.renewIdNumber("a", 0, LEASE, number.horizon() + 5)).isEqualTo(number.horizon() + 5);
	}

	@Test
	void aNumberWhoseRecordedHorizonIsUnreadableIsPassedOverAndLeftFree(RedisServer redis) {
		redis.cli("HSET", "ids:{instances}:id-horizons", "7", "garbage");
		assertThat(broker.claimIdNumber("a", 7, LEASE, 1_800_000_000_000L).number()).isEqualTo(8);
		assertThat(redis.cli("EXISTS", "ids:{instances}:n:7")).isEqualTo("0");
		assertThat(redis.cli("HGET", "ids:{instances}:id-horizons", "7")).isEqualTo("garbage");
	}

	@Test
	void aRenewalReplacesAnUnreadableHorizonOfItsNumberWithTheOneAsked(RedisServer redis) {
		long now = 1_800_000_000_000L;
		broker.claimIdNumber("a", 5, LEASE, now);
		redis.cli("HSET", "ids:{instances}:id-horizons", "5", "1e400");
		assertThat(broker.renewIdNumber("a", 5, LEASE, now + 1_000)).isEqualTo(now + 1_000);
		assertThat(redis.cli("HGET", "ids:{instances}:id-horizons", "5")).isEqualTo(Long.toString(now + 1_000));
	}

	@Test
	void aClaimWithANumberThatIsNoWholeNumberIsRefusedBeforeAnyWrite(RedisServer redis) {
		for (String bad : new String[] { "x", "-1", "7.5", "007" }) {
			assertThatIllegalStateException()
				.isThrownBy(() -> redis.cli("EVAL", LuaSources.of("id_claim"), "3", "ids:{instances}:id-horizons",
						"ids:{instances}:n:" + bad, "ids:{instances}:n:8", "a", "600000", "1800000000000", bad, "8"))
				.as(bad)
				.withMessageContaining("id_claim")
				.withMessageContaining(bad);
		}
		assertThat(redis.cli("DBSIZE")).isEqualTo("0");
	}

	@Test
	void aRenewalWithANumberThatIsNoWholeNumberIsRefusedBeforeAnyWrite(RedisServer redis) {
		broker.claimIdNumber("a", 4, Duration.ofSeconds(30), 1_800_000_000_000L);
		String horizon = redis.cli("HGET", "ids:{instances}:id-horizons", "4");
		assertThatIllegalStateException()
			.isThrownBy(() -> redis.cli("EVAL", LuaSources.of("id_renew"), "2", "ids:{instances}:id-horizons",
					"ids:{instances}:n:4", "a", "four", "600000", "1800000005000"))
			.withMessageContaining("id_renew")
			.withMessageContaining("four");
		assertThat(redis.cli("HGETALL", "ids:{instances}:id-horizons")).isEqualTo("4\n" + horizon);
		assertThat(Long.parseLong(redis.cli("PTTL", "ids:{instances}:n:4"))).isLessThanOrEqualTo(30_000);
	}

	@Test
	void aNumberLostOrHeldByAnotherIsNotRenewed(RedisServer redis) {
		broker.claimIdNumber("a", 3, LEASE, 1_800_000_000_000L);
		assertThat(broker.renewIdNumber("b", 3, LEASE, 1_800_000_000_000L)).isNull();
		redis.cli("DEL", "ids:{instances}:n:3");
		assertThat(broker.renewIdNumber("a", 3, LEASE, 1_800_000_000_000L)).isNull();
		assertThat(redis.cli("EXISTS", "ids:{instances}:n:3")).isEqualTo("0");
	}

	@Test
	void aClaimWrapsAroundAndFindsTheLastFreeNumberOrNone(RedisServer redis) {
		redis.cli("EVAL", "for k = 0, 65535 do redis.call('SET', ARGV[1] .. k, 'other') end", "0",
				"ids:{instances}:n:");
		assertThat(broker.claimIdNumber("a", 40_000, LEASE, 1_800_000_000_000L)).isNull();
		redis.cli("DEL", "ids:{instances}:n:12");
		assertThat(broker.claimIdNumber("a", 40_000, LEASE, 1_800_000_000_000L).number()).isEqualTo(12);
	}

	@Test
	void theShardedBrokerClaimsInTheSameSlot(RedisServer redis) {
		ShardedRedisBroker sharded = new ShardedRedisBroker(broker, Map.of("q", 4));
		IdNumber number = sharded.claimIdNumber("a", 5, LEASE, 1_800_000_000_000L);
		assertThat(redis.cli("GET", "ids:{instances}:n:" + number.number())).isEqualTo("a");
		assertThat(sharded.renewIdNumber("a", number.number(), LEASE, 1_800_000_000_000L)).isNotNull();
	}

}
