package io.github.asynctask.limit;

import java.util.Map;

import io.github.asynctask.redis.shard.ShardName;
import org.jspecify.annotations.Nullable;

/**
 * The backlog limits of the queues that have one, with their shard counts: a sharded
 * queue's limit is split evenly over its shards (each checks its share in its own slot),
 * so the queue as a whole holds at most {@code max-backlog + shards - 1} tasks. Queues
 * without a limit cost one map lookup per enqueue call.
 */
public final class BacklogLimits {

	/** No queue has a limit. */
	public static final BacklogLimits NONE = new BacklogLimits(Map.of(), Map.of());

	private final Map<String, BacklogLimit> limits;

	private final Map<String, Integer> shards;

	/**
	 * @param limits by queue
	 * @param shards shard count by queue; queues not named have one
	 */
	public BacklogLimits(Map<String, BacklogLimit> limits, Map<String, Integer> shards) {
		this.limits = Map.copyOf(limits);
		this.shards = Map.copyOf(shards);
	}

	/** The limit of a queue, {@code null} for none. */
	public @Nullable BacklogLimit of(String queue) {
		return this.limits.get(queue);
	}

	/** The queues that have a limit, with it. */
	public Map<String, BacklogLimit> all() {
		return this.limits;
	}

	/**
	 * What the enqueue script of {@code queueOrShard} is given: the queue's limit, or on
	 * a sharded queue the shard's share; {@code -1} without a limit.
	 */
	public long scriptLimit(String queueOrShard) {
		if (this.limits.isEmpty()) {
			return -1;
		}
		String queue = ShardName.queueOf(queueOrShard);
		BacklogLimit limit = this.limits.get(queue);
		return (limit != null) ? limit.perShard(shards(queue)) : -1;
	}

	/** The shard count of a queue. */
	public int shards(String queue) {
		return this.shards.getOrDefault(queue, 1);
	}

}
