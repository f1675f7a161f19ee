package io.github.asynctask.limit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.concurrent.ThreadLocalRandom;

/**
 * asynq's weighted priority: the first queue is drawn with probability proportional to
 * its weight, the next among the rest the same way, and so on. A queue that is empty is
 * skipped by the fetch, so among non-empty queues each is first with probability
 * proportional to its weight, and the lowest never starves.
 */
final class WeightedChoice implements QueueChoice {

	private final List<String> queues;

	private final int[] weights;

	private final RandomGenerator random;

	WeightedChoice(Map<String, Integer> weights) {
		this(weights, ThreadLocalRandom.current());
	}

	WeightedChoice(Map<String, Integer> weights, RandomGenerator random) {
		this.queues = List.copyOf(weights.keySet());
		this.weights = weights.values().stream().mapToInt(Integer::intValue).toArray();
		this.random = random;
	}

	@Override
	public List<String> order() {
		int n = this.queues.size();
		List<String> order = new ArrayList<>(n);
		boolean[] taken = new boolean[n];
		long left = 0;
		for (int weight : this.weights) {
			left += weight;
		}
		for (int round = 0; round < n; round++) {
			long draw = this.random.nextLong(left);
			for (int i = 0; i < n; i++) {
				if (taken[i]) {
					continue;
				}
				draw -= this.weights[i];
				if (draw < 0) {
					taken[i] = true;
					left -= this.weights[i];
					order.add(this.queues.get(i));
					break;
				}
			}
		}
		return order;
	}

}
