package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Spreads periodic work that every instance does for a queue (the Sidekiq rule): the
 * interval grows with the number of live instances serving that queue and is randomised,
 * so the polling load on Redis stays flat however many instances serve it, and a queue
 * served by few instances is not looked at rarely because others serve other queues.
 */
final class ClusterSpread {

	/** Live instances serving each queue as last seen by the heartbeat; at least 1. */
	private final Map<String, Integer> instances = new ConcurrentHashMap<>();

	void instances(String queue, int count) {
		this.instances.put(queue, Math.max(1, count));
	}

	int instances(String queue) {
		return this.instances.getOrDefault(queue, 1);
	}

	/**
	 * A random interval averaging {@code base} times the instances serving the queue.
	 */
	Duration spread(String queue, Duration base) {
		long average = base.toNanos() * instances(queue);
		return Duration.ofNanos((long) (average * (0.5 + ThreadLocalRandom.current().nextDouble())));
	}

	/**
	 * A random interval between half and all of {@code base}, not spread by instances.
	 */
	static Duration jitter(Duration base) {
		return Duration.ofNanos((long) (base.toNanos() * (0.5 + ThreadLocalRandom.current().nextDouble(0.5))));
	}

}
