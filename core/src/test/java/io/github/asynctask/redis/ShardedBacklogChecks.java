package io.github.asynctask.redis;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.shard.ShardedRedisBroker;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.QueueStats;
import io.github.asynctask.limit.BacklogLimit;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.EnqueueResult.Outcome;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The backlog limit of a queue of four shards, on whichever Redis the broker talks to:
 * each shard takes its even share, so the queue as a whole holds at most its limit plus
 * the documented slack (shards - 1).
 */
final class ShardedBacklogChecks {

	static final int SHARDS = 4;

	private ShardedBacklogChecks() {
	}

	/** The shards' broker given a limit of 40 on {@code queue}. */
	static ShardedRedisBroker limited(LuaRedisBroker shards, String queue) {
		shards.backlogLimits(new BacklogLimits(
				Map.of(queue, new BacklogLimit(40, BacklogLimit.OnFull.REJECT, Duration.ZERO)), Map.of(queue, SHARDS)));
		return new ShardedRedisBroker(shards, Map.of(queue, SHARDS));
	}

	static void theLimitHoldsForTheWholeQueue(ShardedRedisBroker sharded, String queue) {
		int enqueued = 0;
		int refused = 0;
		for (int i = 0; i < 100; i++) {
			Outcome outcome = sharded.enqueue(EnqueueRequest.now(queue, "backlog-" + i, "t", "{}", 0)).outcome();
			enqueued += (outcome == Outcome.ENQUEUED) ? 1 : 0;
			refused += (outcome == Outcome.QUEUE_FULL) ? 1 : 0;
		}
		assertThat(enqueued + refused).isEqualTo(100);
		assertThat(enqueued).isBetween(40 - (SHARDS - 1), 40 + (SHARDS - 1));
		assertThat(sharded.shardStats(queue)).hasSize(SHARDS)
			.allSatisfy((stats) -> assertThat(stats.pending()).isEqualTo(10));
		assertThat(sharded.stats(queue)).extracting(QueueStats::pending).isEqualTo((long) enqueued);
	}

}
