package io.github.asynctask.redis;

import org.junit.jupiter.api.Test;

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
	void anIdCompletedUnderFourShardsIsNotRunAgainUnderEight() {
		ShardPlacementChecks.aCompletedIdIsRememberedAcrossAResize(this.broker, "mail");
	}

}
