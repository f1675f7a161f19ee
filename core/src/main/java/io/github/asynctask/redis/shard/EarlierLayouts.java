package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.Placement;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dedup and the completed-ids window of a sharded queue across a change of its shard
 * count: a submit also looks, read-only, in the shard every other count still held would
 * have placed it in, and is a duplicate (or a re-send) when that shard holds its bizId
 * (or its id). The counts held are remembered in Redis ({@link RedisBroker#shardCounts}):
 * each instance records its own count for as long as the dedup keys and completed ids it
 * writes may last, plus an hour, once an hour per queue; a count implied by the shards
 * registered beyond this instance's count is held too. A queue that was never sharded
 * here pays nothing; a sharded one pays one read per submit per other count only while
 * one is held. A debounced submit whose bizId another count placed goes to that shard,
 * whose task takes its arguments (the last submit wins there, as in one layout).
 */
final class EarlierLayouts {

	/**
	 * Added to what a count must be held for, so that it is recorded about once an hour.
	 */
	static final Duration MARGIN = Duration.ofHours(1);

	private static final Logger logger = LoggerFactory.getLogger(EarlierLayouts.class);

	private final RedisBroker shards;

	private final ShardLayout layout;

	private final LongSupplier clock;

	private final Map<String, Held> held = new ConcurrentHashMap<>();

	EarlierLayouts(RedisBroker shards, ShardLayout layout, LongSupplier clock) {
		this.shards = shards;
		this.layout = layout;
		this.clock = clock;
	}

	/**
	 * What a submit placed under another count still held found, or null to enqueue it
	 * where this instance's count places it.
	 */
	@Nullable EnqueueResult earlier(EnqueueRequest request) {
		String queue = request.queue();
		int count = this.layout.configured(queue);
		List<Integer> others = others(queue, request.dedupTtl());
		if (others.isEmpty()) {
			return null;
		}
		Set<Integer> looked = new HashSet<>();
		looked.add(ShardChoice.of(request, count));
		String name = (request.bizId() != null) ? request.name() : null;
		for (int other : others) {
			int index = ShardChoice.of(request, other);
			if (!looked.add(index)) {
				continue;
			}
			Placement found = this.shards.placed(ShardName.of(queue, index), request.id(), name, request.bizId());
			if (found.holder() != null && !found.holder().equals(request.id())) {
				if (request.debounce() != null) {
					return this.shards.enqueue(ShardChoice.at(request, index));
				}
				return new EnqueueResult(found.holder(), EnqueueResult.Outcome.DUPLICATE);
			}
			if (found.known() || found.holder() != null) {
				return new EnqueueResult(request.id(), EnqueueResult.Outcome.ALREADY_EXISTS);
			}
		}
		return null;
	}

	/** The shard counts other than this instance's still held for the queue. */
	List<Integer> others(String queue, Duration dedupTtl) {
		int count = this.layout.configured(queue);
		List<String> served = this.layout.served(queue);
		if (count == 1 && served.size() == 1) {
			return List.of();
		}
		long now = this.clock.getAsLong();
		Duration window = this.shards.completedIdsWindow();
		long needed = now + ((dedupTtl.compareTo(window) > 0) ? dedupTtl : window).toMillis();
		Held known = this.held.get(queue);
		boolean record = known == null || needed > known.recordedUntil();
		if (record || now - known.readAt() >= ShardLayout.REFRESH.toMillis()) {
			long until = needed + MARGIN.toMillis();
			try {
				List<Integer> counts = this.shards.shardCounts(queue, record ? count : 0, until);
				known = new Held(record ? until : known.recordedUntil(), now, counts);
				this.held.put(queue, known);
			}
			catch (RuntimeException ex) {
				// shard 0's master unreachable: the other shards still take submits,
				// checked
				// against the counts known; the next submit reads again
				logger.debug("Reading the shard counts of queue '{}' failed; using those known", queue, ex);
			}
		}
		Set<Integer> others = new TreeSet<>((known != null) ? known.counts() : List.of());
		others.add(ShardName.parse(served.get(served.size() - 1)).index() + 1);
		others.remove(count);
		return List.copyOf(others);
	}

	/**
	 * What is known of a queue's counts.
	 *
	 * @param recordedUntil until when this instance's count is recorded as held (ms)
	 * @param readAt when the counts were read (ms)
	 * @param counts the counts held then
	 */
	private record Held(long recordedUntil, long readAt, List<Integer> counts) {
	}

}
