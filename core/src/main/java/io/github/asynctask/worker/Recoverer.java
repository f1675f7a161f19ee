package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisBroker;

/**
 * Finds deliveries whose lease expired (their worker died or froze) and moves them to
 * retry or dead; the script does it atomically, so any instance may run it. The instance
 * holding a queue's turn ({@link QueueTurns}) looks at it again just after its earliest
 * lease deadline (as the forwarder sleeps until the earliest due time), and at least once
 * per lease when nothing runs, so an expired lease is recovered within {@link #SLACK} of
 * its end; the other instances look only as a fallback, spread over the instances serving
 * the queue, so the fleet's calls stay flat however many instances run. After Redis could
 * not be reached it waits a whole lease before recovering again: the leases that ran out
 * meanwhile belong to workers that may be alive and about to report a success they could
 * not send, and taking their tasks first would run those bodies again.
 */
final class Recoverer implements PeriodicLoop.Step {

	static final int BATCH = 100;

	/**
	 * A recovered task ran on a dead worker; run it again at once rather than backing
	 * off.
	 */
	static final Duration RETRY_DELAY = Duration.ZERO;

	/**
	 * The recoverers of all instances wake at a random point this long after a lease
	 * deadline, so that they do not all call at the same millisecond; the rest of the 2 s
	 * promised beyond the lease is for forwarding and fetching the task again.
	 */
	static final Duration SLACK = Duration.ofSeconds(1);

	private final RedisBroker broker;

	private final List<String> queues;

	/**
	 * The longest sleep: no more than the lease, so a delivery fetched during the sleep
	 * cannot expire long before the next look.
	 */
	private final Duration longestWait;

	/** How long recovery waits after a call found Redis unavailable. */
	private final Duration afterOutage;

	private final QueueTimes times = new QueueTimes();

	private final QueueTurns turns;

	Recoverer(RedisBroker broker, List<String> queues, Duration interval, Duration lease, QueueTurns turns) {
		this.broker = broker;
		this.queues = List.copyOf(queues);
		this.longestWait = (interval.compareTo(lease) < 0) ? interval : lease;
		this.afterOutage = lease;
		this.turns = turns;
	}

	/** This instance took the queue's turn: look at it next. */
	void wake(String queue) {
		this.times.runNow(queue);
	}

	@Override
	public Duration run() {
		long now = System.nanoTime();
		for (String queue : this.queues) {
			if (this.times.due(queue, now)) {
				this.times.runIn(queue, recover(queue), now);
			}
		}
		return this.times.untilNext(System.nanoTime());
	}

	private Duration recover(String queue) {
		Duration sinceUnavailable = this.broker.sinceUnavailable();
		if (sinceUnavailable != null && sinceUnavailable.compareTo(this.afterOutage) < 0) {
			return this.afterOutage.minus(sinceUnavailable);
		}
		RecoverResult result = this.broker.recover(queue, BATCH, RETRY_DELAY);
		if (result.recovered() >= BATCH) {
			return Duration.ZERO;
		}
		if (!this.turns.holds(queue)) {
			return this.turns.interval(queue, this.longestWait);
		}
		Duration wait = ClusterSpread.jitter(this.longestWait);
		Duration nextExpiry = result.nextExpiryIn();
		if (nextExpiry != null) {
			Duration afterExpiry = nextExpiry
				.plusNanos(ThreadLocalRandom.current().nextLong(SLACK.toNanos()) + 1_000_000);
			if (afterExpiry.compareTo(wait) < 0) {
				wait = afterExpiry;
			}
		}
		return wait;
	}

}
