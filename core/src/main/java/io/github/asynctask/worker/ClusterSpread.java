package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.redis.FleetSize;

/**
 * Spreads periodic work that every instance does for a queue (the Sidekiq rule): the
 * interval grows with the number of live instances serving that queue and is randomised,
 * so the polling load on Redis stays flat however many instances serve it, and a queue
 * served by few instances is not looked at rarely because others serve other queues.
 */
final class ClusterSpread {

	/** Live instances serving each queue as last seen by the heartbeat; at least 1. */
	private final Map<String, Integer> instances = new ConcurrentHashMap<>();

	/** Live instances of the whole fleet as last seen by the heartbeat; at least 1. */
	private volatile int fleet = 1;

	void instances(String queue, int count) {
		this.instances.put(queue, Math.max(1, count));
	}

	/** What one heartbeat counted. */
	void count(FleetSize size) {
		this.fleet = Math.max(1, size.instances());
		size.servingByQueue().forEach(this::instances);
	}

	/** The live instances of the whole fleet as last counted; at least 1. */
	int fleet() {
		return this.fleet;
	}

	/** The instances serving the queue; the whole fleet for a queue none serves here. */
	int instances(String queue) {
		return this.instances.getOrDefault(queue, this.fleet);
	}

	/**
	 * A random interval averaging {@code base} times the instances serving the queue.
	 */
	Duration spread(String queue, Duration base) {
		return around(base.multipliedBy(instances(queue)));
	}

	/**
	 * A random delay from {@code base} to that plus twice {@code base} times the
	 * instances serving the queue: when each of them draws one after the same event, the
	 * earliest comes about three {@code base} after it however many they are, and none
	 * before {@code base}.
	 */
	Duration scatter(String queue, Duration base) {
		long most = base.multipliedBy(2L * instances(queue)).toNanos();
		return base.plusNanos((long) (most * ThreadLocalRandom.current().nextDouble()));
	}

	/** A random interval averaging {@code base}, not spread by instances. */
	static Duration around(Duration base) {
		return Duration.ofNanos((long) (base.toNanos() * (0.5 + ThreadLocalRandom.current().nextDouble())));
	}

	/**
	 * A random interval between half and all of {@code base}, not spread by instances.
	 */
	static Duration jitter(Duration base) {
		return Duration.ofNanos((long) (base.toNanos() * (0.5 + ThreadLocalRandom.current().nextDouble(0.5))));
	}

}
