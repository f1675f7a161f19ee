package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.RedisBroker;

/**
 * Finds deliveries whose lease expired (their worker died or froze) and moves them to
 * retry or dead; the script does it atomically, so any instance may run it.
 */
final class Recoverer implements PeriodicLoop.Step {

	static final int BATCH = 100;

	/**
	 * A recovered task ran on a dead worker; run it again soon rather than backing off.
	 */
	static final Duration RETRY_DELAY = Duration.ofSeconds(1);

	private final RedisBroker broker;

	private final List<String> queues;

	private final Duration interval;

	private final ClusterSpread spread;

	Recoverer(RedisBroker broker, List<String> queues, Duration interval, ClusterSpread spread) {
		this.broker = broker;
		this.queues = List.copyOf(queues);
		this.interval = interval;
		this.spread = spread;
	}

	@Override
	public Duration run() {
		boolean more = false;
		for (String queue : this.queues) {
			more |= this.broker.recover(queue, BATCH, RETRY_DELAY) >= BATCH;
		}
		return more ? Duration.ZERO : this.spread.spread(this.interval);
	}

}
