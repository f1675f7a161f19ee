package io.github.asynctask.limit;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.QueueName;

/**
 * Worker threads shared by several queues ({@code async-task.pools.<name>}), validated at
 * construction with messages naming the property to fix.
 *
 * @param name the pool's name, used in thread names and the console
 * @param concurrency worker threads of the pool
 * @param weights queue name to weight, highest priority first when strict
 * @param strict whether a lower queue is fetched only while every higher one is empty
 */
public record QueuePool(String name, int concurrency, Map<String, Integer> weights, boolean strict) {

	public QueuePool {
		String property = "async-task.pools." + name;
		if (concurrency <= 0) {
			throw new IllegalArgumentException(property + ".concurrency must be at least 1 but was " + concurrency);
		}
		if (weights.isEmpty()) {
			throw new IllegalArgumentException(
					property + ".queues must name at least one queue, e.g. " + property + ".queues.critical=6");
		}
		Map<String, Integer> copy = new LinkedHashMap<>();
		weights.forEach((queue, weight) -> {
			try {
				QueueName.check(queue);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("Invalid queue name in " + property + ".queues: " + ex.getMessage(),
						ex);
			}
			if (weight == null || weight <= 0) {
				throw new IllegalArgumentException(
						property + ".queues." + queue + " must be a weight of at least 1 " + "but was " + weight);
			}
			copy.put(queue, weight);
		});
		weights = Collections.unmodifiableMap(copy);
	}

	/**
	 * Refuse a queue that is in two pools, or in a pool and served on its own.
	 * @param ownQueues queues served by threads of their own
	 * @param pools the pools
	 */
	public static void checkMembership(Set<String> ownQueues, Collection<QueuePool> pools) {
		Map<String, String> poolOf = new HashMap<>();
		for (QueuePool pool : pools) {
			if (ownQueues.contains(pool.name())) {
				throw new IllegalArgumentException("Pool '" + pool.name() + "' has the name of a queue served on its "
						+ "own; rename async-task.pools." + pool.name());
			}
			for (String queue : pool.weights().keySet()) {
				String other = poolOf.put(queue, pool.name());
				if (other != null) {
					throw new IllegalArgumentException("Queue '" + queue + "' is listed in two pools, async-task.pools."
							+ other + ".queues and async-task.pools." + pool.name()
							+ ".queues; a queue belongs to at most one pool");
				}
				if (ownQueues.contains(queue)) {
					throw new IllegalArgumentException("Queue '" + queue + "' is in async-task.pools." + pool.name()
							+ ".queues and also served on its own (an @AsyncTask method or async-task.queues." + queue
							+ " gives it threads of its own); set async-task.queues." + queue
							+ ".enabled=false or take it out of the pool");
				}
			}
		}
	}

	/** How this pool's fetcher picks the queue to take from next. */
	public QueueChoice choice() {
		return this.strict ? new StrictChoice(this.weights.keySet()) : new WeightedChoice(this.weights);
	}

}
