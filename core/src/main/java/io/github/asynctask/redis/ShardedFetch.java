package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.limit.RateLimit;
import org.jspecify.annotations.Nullable;

/**
 * A fetch over the shards of one queue: starts at the shard the {@link ShardCursor} names
 * (the one that filled the previous fetches, for a while, then the next), takes from the
 * next shard while fewer tasks than wanted came back, and stops once it has as many as
 * there are free threads. After a fetch that found every shard empty, the next one looks
 * first at the shard the fetcher waited on meanwhile, and at the others only if that one
 * had tasks ({@link ShardCursor}). A shard that cannot be reached is skipped; the fetch
 * fails only when all of them failed and none gave a task.
 */
final class ShardedFetch {

	private final RedisBroker shards;

	private final ShardLayout layout;

	ShardedFetch(RedisBroker shards, ShardLayout layout) {
		this.shards = shards;
		this.layout = layout;
	}

	Dequeued dequeue(String queue, List<String> names, int max, Duration lease, @Nullable RateLimit limit) {
		if (names.size() == 1) {
			return this.shards.dequeue(names.get(0), max, lease, limit);
		}
		ShardCursor cursor = this.layout.cursor(queue);
		int idleShard = cursor.idleShard(names.size());
		int start = (idleShard >= 0) ? idleShard : cursor.start(names.size());
		int ended = start;
		List<Delivery> taken = new ArrayList<>(max);
		Duration retryAfter = Duration.ZERO;
		boolean keyBlocked = false;
		RuntimeException failure = null;
		int failed = 0;
		for (int i = 0; i < names.size() && taken.size() < max; i++) {
			ended = (start + i) % names.size();
			try {
				Dequeued dequeued = this.shards.dequeue(names.get(ended), max - taken.size(), lease, limit);
				taken.addAll(dequeued.deliveries());
				keyBlocked |= dequeued.keyBlocked();
				if (dequeued.limited() && (retryAfter.isZero() || dequeued.retryAfter().compareTo(retryAfter) < 0)) {
					retryAfter = dequeued.retryAfter();
				}
			}
			catch (RuntimeException ex) {
				failed++;
				failure = ex;
			}
			if (i == 0 && idleShard >= 0 && taken.isEmpty() && retryAfter.isZero() && !keyBlocked) {
				// still idle: the other shards get their look when their turn to be
				// waited on comes
				return new Dequeued(taken, retryAfter, false);
			}
		}
		if (failure != null && taken.isEmpty() && failed == names.size()) {
			throw failure;
		}
		cursor.idle(taken.isEmpty() && failure == null && retryAfter.isZero() && !keyBlocked);
		cursor.fetched(start, ended, taken.size() >= max);
		return new Dequeued(taken, taken.isEmpty() ? retryAfter : Duration.ZERO, keyBlocked);
	}

}
