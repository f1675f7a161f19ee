package io.github.asynctask.redis;

import io.github.asynctask.limit.BacklogLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A sharded queue's backlog limit on one Redis: the shards split it evenly
 * ({@link ShardedBacklogChecks}).
 */
class ShardedBacklogLimitIntegrationTests extends BrokerIntegrationTestSupport {

	@AfterEach
	void noLimits() {
		this.broker.backlogLimits(BacklogLimits.NONE);
	}

	@Test
	void aShardedQueuesLimitHoldsForTheQueueAsAWholeWithinTheSlack() {
		ShardedBacklogChecks.theLimitHoldsForTheWholeQueue(ShardedBacklogChecks.limited(this.broker, "q"), "q");
	}

}
