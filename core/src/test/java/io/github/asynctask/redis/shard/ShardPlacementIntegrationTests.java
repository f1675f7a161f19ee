package io.github.asynctask.redis.shard;

import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Where a sharded queue's tasks are looked for, on a single Redis
 * ({@link ShardPlacementChecks}).
 */
class ShardPlacementIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void aDependentFindsACompletedPredecessorPlacedByItsBizId() {
		ShardPlacementChecks.aDependentFindsACompletedPredecessorPlacedByItsBizId(this.broker, "flows");
	}

	@Test
	void aBizIdSubmittedUnderFourShardsIsADuplicateUnderEight() {
		ShardPlacementChecks.aBizIdIsRememberedAcrossAResize(this.broker, "orders", 4, 8);
	}

	@Test
	void aBizIdSubmittedUnderEightShardsIsADuplicateUnderFour() {
		ShardPlacementChecks.aBizIdIsRememberedAcrossAResize(this.broker, "lowered", 8, 4);
	}

	@Test
	void aDebouncedBizIdTakesTheLastArgumentsAfterTheShardCountRoseOrFell() {
		ShardPlacementChecks.aDebouncedBizIdTakesTheLastArgumentsAcrossAResize(this.broker, "docs", 4, 8);
		ShardPlacementChecks.aDebouncedBizIdTakesTheLastArgumentsAcrossAResize(this.broker, "fewer", 8, 4);
	}

	@Test
	void anIdCompletedUnderFourShardsIsNotRunAgainUnderEight() {
		ShardPlacementChecks.aCompletedIdIsRememberedAcrossAResize(this.broker, "mail");
	}

	@Test
	void theRememberedCountsStartWithTheUnshardedQueueAndABadKeyIsRefusedUnwritten() {
		assertThat(this.broker.shardCounts("counted", 0, 0)).isEmpty();
		long until = System.currentTimeMillis() + 60_000;
		assertThat(this.broker.shardCounts("counted", 4, until)).containsExactlyInAnyOrder(1, 4);
		assertThat(this.broker.shardCounts("counted", 8, until)).containsExactlyInAnyOrder(1, 4, 8);
		assertThat(this.broker.shardCounts("counted", 0, 0)).containsExactlyInAnyOrder(1, 4, 8);
		fixture.redis.cli("SET", this.keys.layouts("bad"), "x");
		assertThatException().isThrownBy(() -> this.broker.shardCounts("bad", 4, until))
			.withMessageContaining(this.keys.layouts("bad"));
		assertThat(fixture.redis.cli("GET", this.keys.layouts("bad"))).contains("x");
	}

}
