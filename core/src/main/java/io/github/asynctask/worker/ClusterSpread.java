package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Spreads periodic work that every instance does (the Sidekiq rule): the interval grows
 * with the number of live instances and is randomised, so the polling load on Redis stays
 * flat however many instances run.
 */
final class ClusterSpread {

	/** Live instances as last seen by the heartbeat; at least 1. */
	private volatile int instances = 1;

	void instances(int count) {
		this.instances = Math.max(1, count);
	}

	int instances() {
		return this.instances;
	}

	/** A random interval averaging {@code base} times the number of instances. */
	Duration spread(Duration base) {
		long average = base.toNanos() * this.instances;
		return Duration.ofNanos((long) (average * (0.5 + ThreadLocalRandom.current().nextDouble())));
	}

	/**
	 * A random interval between half and all of {@code base}, not spread by instances.
	 */
	static Duration jitter(Duration base) {
		return Duration.ofNanos((long) (base.toNanos() * (0.5 + ThreadLocalRandom.current().nextDouble(0.5))));
	}

}
