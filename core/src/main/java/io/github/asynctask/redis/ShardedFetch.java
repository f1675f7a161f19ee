package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fetch over the shards of one queue: starts at the shard after the one the previous
 * fetch started at (so no shard is favoured), takes from the next shard while fewer tasks
 * than wanted came back, and stops once it has as many as there are free threads. A shard
 * that cannot be reached is skipped; the fetch fails only when all of them failed and
 * none gave a task.
 */
final class ShardedFetch {

	private final RedisBroker shards;

	private final Map<String, AtomicInteger> starts = new ConcurrentHashMap<>();

	ShardedFetch(RedisBroker shards) {
		this.shards = shards;
	}

	List<Delivery> dequeue(String queue, List<String> names, int max, Duration lease) {
		if (names.size() == 1) {
			return this.shards.dequeue(names.get(0), max, lease);
		}
		int start = Math.floorMod(this.starts.computeIfAbsent(queue, (name) -> new AtomicInteger()).getAndIncrement(),
				names.size());
		List<Delivery> taken = new ArrayList<>(max);
		RuntimeException failure = null;
		int failed = 0;
		for (int i = 0; i < names.size() && taken.size() < max; i++) {
			try {
				taken.addAll(this.shards.dequeue(names.get((start + i) % names.size()), max - taken.size(), lease));
			}
			catch (RuntimeException ex) {
				failed++;
				failure = ex;
			}
		}
		if (failure != null && taken.isEmpty() && failed == names.size()) {
			throw failure;
		}
		return taken;
	}

}
