package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.RedisBroker;

/**
 * Moves due scheduled and retry tasks to pending. It sleeps until the earliest due time
 * (so a delayed task starts on time, not up to a poll late), capped by the spread poll
 * interval (five times that when nothing is scheduled), and is woken early when an
 * earlier task is scheduled.
 */
final class Forwarder implements PeriodicLoop.Step {

	static final int BATCH = 100;

	/**
	 * With nothing scheduled anywhere, polling is only the fallback for a lost due
	 * wake-up (every new earliest task publishes one), so it may be this much rarer.
	 */
	static final int IDLE_FACTOR = 5;

	private final RedisBroker broker;

	private final List<String> queues;

	private final Duration pollInterval;

	private final ClusterSpread spread;

	Forwarder(RedisBroker broker, List<String> queues, Duration pollInterval, ClusterSpread spread) {
		this.broker = broker;
		this.queues = List.copyOf(queues);
		this.pollInterval = pollInterval;
		this.spread = spread;
	}

	@Override
	public Duration run() {
		Duration wait = this.spread.spread(this.pollInterval.multipliedBy(IDLE_FACTOR));
		boolean anythingWaits = false;
		for (String queue : this.queues) {
			ForwardResult result = this.broker.forward(queue, BATCH);
			Duration nextDue = (result.moved() >= BATCH) ? Duration.ZERO : result.nextDueIn();
			if (nextDue != null) {
				anythingWaits = true;
				if (nextDue.compareTo(wait) < 0) {
					wait = nextDue;
				}
			}
		}
		Duration poll = this.spread.spread(this.pollInterval);
		return (anythingWaits && poll.compareTo(wait) < 0) ? poll : wait;
	}

}
