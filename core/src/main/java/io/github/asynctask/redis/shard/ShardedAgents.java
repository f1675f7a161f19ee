package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.TrimResult;
import org.jspecify.annotations.Nullable;

/**
 * The periodic work on a sharded queue: forward, recover and trim each shard, summed, the
 * next wake-up the earliest of the shards'.
 */
final class ShardedAgents {

	/**
	 * How long an extra shard (one past this instance's count) must be empty and
	 * unregistered before it is forgotten, as for whole queues.
	 */
	static final Duration FORGET_EXTRA_AFTER = Duration.ofDays(1);

	private final RedisBroker shards;

	private final ShardLayout layout;

	ShardedAgents(RedisBroker shards, ShardLayout layout) {
		this.shards = shards;
		this.layout = layout;
	}

	RecoverResult recover(String queue, int limit, Duration retryDelay) {
		int recovered = 0;
		Duration next = null;
		for (String shard : this.layout.served(queue)) {
			RecoverResult result = this.shards.recover(shard, limit, retryDelay);
			recovered += result.recovered();
			next = earlier(next, result.nextExpiryIn());
		}
		return new RecoverResult(recovered, next);
	}

	ForwardResult forward(String queue, int limit) {
		int moved = 0;
		Duration next = null;
		for (String shard : this.layout.served(queue)) {
			ForwardResult result = this.shards.forward(shard, limit);
			moved += result.moved();
			next = earlier(next, result.nextDueIn());
		}
		return new ForwardResult(moved, next);
	}

	/** Also forgets extra shards that stayed empty and unregistered (a lowered count). */
	TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		int dropped = 0;
		int overCap = 0;
		List<String> served = this.layout.served(queue);
		for (String shard : served) {
			TrimResult result = this.shards.trim(shard, deadRetention, deadMax, limit);
			dropped = Math.max(dropped, result.dropped());
			overCap += result.deadOverCap();
		}
		for (String shard : served.subList(this.layout.configured(queue), served.size())) {
			this.shards.forgetQueueIfIdle(shard, FORGET_EXTRA_AFTER);
		}
		return new TrimResult(dropped, overCap);
	}

	private static @Nullable Duration earlier(@Nullable Duration a, @Nullable Duration b) {
		if (a == null) {
			return b;
		}
		return (b == null || a.compareTo(b) <= 0) ? a : b;
	}

}
