package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.lua.RatePermits;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fetch over the shards of one queue: starts at the shard the {@link ShardCursor} names
 * (the one that filled the previous fetches, for a while, then the next), takes from the
 * next shard while fewer tasks than wanted came back, and stops once it has as many as
 * there are free threads. After a fetch that found every shard empty, the next one looks
 * first at the shard the fetcher waited on meanwhile, and at the others only if that one
 * had tasks ({@link ShardCursor}). A shard that cannot be reached is skipped; the fetch
 * fails only when all of them failed and none gave a task. Under a rate limit the fetch
 * first takes permits of the queue's one log ({@link RatePermits}), asks the shards for
 * no more tasks than it got, and then settles them.
 */
final class ShardedFetch {

	private static final Logger logger = LoggerFactory.getLogger(ShardedFetch.class);

	private final RedisBroker shards;

	private final ShardLayout layout;

	private final @Nullable RatePermits permits;

	/**
	 * @param permits the queues' rate limits, or null when {@code shards} has none (then
	 * a sharded queue cannot be fetched under a limit)
	 */
	ShardedFetch(RedisBroker shards, ShardLayout layout, @Nullable RatePermits permits) {
		this.shards = shards;
		this.layout = layout;
		this.permits = permits;
	}

	Dequeued dequeue(String queue, List<String> names, int max, Duration lease, @Nullable RateLimit limit) {
		if (names.size() == 1) {
			return this.shards.dequeue(names.get(0), max, lease, limit);
		}
		if (limit != null) {
			return limited(queue, names, max, lease, limit);
		}
		return unlimited(queue, names, max, lease);
	}

	/**
	 * Permits first, then at most that many tasks from the shards, then the permits
	 * settled: the used ones stamped after their hand-outs, the rest given back. A shard
	 * call that failed may have handed out tasks all the same, so then every permit is
	 * kept. A settle that fails leaves the permits as taken (the unused ones held until
	 * they leave the window) rather than failing a fetch whose tasks are already out.
	 */
	private Dequeued limited(String queue, List<String> names, int max, Duration lease, RateLimit limit) {
		if (this.permits == null) {
			throw new IllegalStateException("Queue '" + queue + "' is sharded and rate-limited (" + limit
					+ "), which needs the Lua broker underneath to keep one log for all its shards");
		}
		RatePermits.Permits taken = this.permits.take(queue, max, limit);
		if (taken.granted() == 0) {
			return new Dequeued(List.of(), taken.retryAfter(), false);
		}
		Taken dequeued;
		try {
			dequeued = fromShards(queue, names, taken.granted(), lease);
		}
		catch (RuntimeException ex) {
			settleQuietly(taken, taken.granted());
			throw ex;
		}
		int used = dequeued.deliveries().size();
		settleQuietly(taken, dequeued.someFailed() ? taken.granted() : used);
		boolean held = used == taken.granted() && taken.granted() < max;
		return new Dequeued(dequeued.deliveries(), held ? taken.retryAfter() : Duration.ZERO, dequeued.keyBlocked());
	}

	private void settleQuietly(RatePermits.Permits taken, int used) {
		try {
			this.permits.settle(taken, used);
		}
		catch (RuntimeException ex) {
			logger.debug("Settling the rate-limit permits of '{}' failed; they stay taken", taken.queue(), ex);
		}
	}

	private Dequeued unlimited(String queue, List<String> names, int max, Duration lease) {
		Taken taken = fromShards(queue, names, max, lease);
		return new Dequeued(taken.deliveries(), Duration.ZERO, taken.keyBlocked());
	}

	/** Takes from the shards in turn (rate limits are not theirs to apply). */
	private Taken fromShards(String queue, List<String> names, int max, Duration lease) {
		ShardCursor cursor = this.layout.cursor(queue);
		int idleShard = cursor.idleShard(names.size());
		int start = (idleShard >= 0) ? idleShard : cursor.start(names.size());
		int ended = start;
		List<Delivery> taken = new ArrayList<>(max);
		boolean keyBlocked = false;
		RuntimeException failure = null;
		int failed = 0;
		for (int i = 0; i < names.size() && taken.size() < max; i++) {
			ended = (start + i) % names.size();
			try {
				Dequeued dequeued = this.shards.dequeue(names.get(ended), max - taken.size(), lease, null);
				taken.addAll(dequeued.deliveries());
				keyBlocked |= dequeued.keyBlocked();
			}
			catch (RuntimeException ex) {
				failed++;
				failure = ex;
			}
			if (i == 0 && idleShard >= 0 && taken.isEmpty() && !keyBlocked) {
				// still idle: the other shards get their look when their turn to be
				// waited on comes
				return new Taken(taken, false, failure != null);
			}
		}
		if (failure != null && taken.isEmpty() && failed == names.size()) {
			throw failure;
		}
		cursor.idle(taken.isEmpty() && failure == null && !keyBlocked);
		cursor.fetched(start, ended, taken.size() >= max);
		return new Taken(taken, keyBlocked, failure != null);
	}

	/**
	 * What the shards gave.
	 *
	 * @param deliveries the tasks taken
	 * @param keyBlocked whether a shard passed tasks over for their concurrency key
	 * @param someFailed whether a shard call failed (it may have handed tasks out all the
	 * same)
	 */
	private record Taken(List<Delivery> deliveries, boolean keyBlocked, boolean someFailed) {
	}

}
