package io.github.asynctask.worker;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.TrimResult;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops dead tasks past their retention or beyond the most a queue keeps, and completed
 * ones past theirs, in batches, for every registered queue (not only those this instance
 * serves: a queue whose workers are gone still gets trimmed). Keeps this instance's
 * queues registered (at most every {@link #REGISTER_EVERY}), and forgets registered
 * queues that held nothing and that nobody registered for {@link #FORGET_AFTER}. Each
 * queue is trimmed at its own pace: at the interval by the instance holding its turn,
 * spread over the instances serving it by the others (over the whole fleet for a queue
 * none serves).
 */
final class Janitor implements PeriodicLoop.Step {

	private static final Logger logger = LoggerFactory.getLogger(Janitor.class);

	static final int BATCH = 1000;

	/**
	 * How long an empty queue must go unregistered before it leaves the registry: a
	 * submitter registers its queues again at least hourly, a serving instance at every
	 * run.
	 */
	static final Duration FORGET_AFTER = Duration.ofDays(1);

	/** How often the served queues are registered again, far within a day. */
	static final Duration REGISTER_EVERY = Duration.ofHours(1);

	private final RedisBroker broker;

	private final List<String> served;

	private final WorkerSettings.Retention retention;

	private final Duration interval;

	private final QueueTurns turns;

	private final ClusterSpread spread;

	private final TaskListener listener;

	private final QueueTimes times = new QueueTimes();

	/** When the served queues were last registered (nanos); only the loop writes it. */
	private long registeredAt;

	private boolean registered;

	/**
	 * The registered queues as last read, and until when (nanos) they are used without
	 * reading again.
	 */
	private @Nullable Set<String> registeredRead;

	private long registeredReadUntil;

	Janitor(RedisBroker broker, List<String> served, WorkerSettings.Retention retention, Duration interval,
			QueueTurns turns, ClusterSpread spread, TaskListener listener) {
		this.broker = broker;
		this.served = List.copyOf(served);
		this.retention = retention;
		this.interval = interval;
		this.turns = turns;
		this.spread = spread;
		this.listener = listener;
	}

	@Override
	public Duration run() {
		long started = System.nanoTime();
		if (!this.registered || started - this.registeredAt >= REGISTER_EVERY.toNanos()) {
			this.broker.registerQueues(this.served);
			this.registered = true;
			this.registeredAt = started;
		}
		Set<String> queues = new LinkedHashSet<>(this.served);
		queues.addAll(registered(started));
		long now = System.nanoTime();
		for (String queue : queues) {
			if (this.times.due(queue, now)) {
				boolean more = trim(queue);
				this.times.runIn(queue, more ? Duration.ZERO : this.turns.interval(queue, this.interval), now);
				if (!this.served.contains(queue) && this.broker.forgetQueueIfIdle(queue, FORGET_AFTER)) {
					logger.info("Queue '{}' held nothing and was not registered for {}; dropped from the registry",
							queue, FORGET_AFTER);
					this.times.forget(queue);
				}
			}
		}
		return this.times.untilNext(System.nanoTime());
	}

	/**
	 * The registered queues, read again about every interval times the fleet's instances
	 * (randomised): the fleet as a whole reads the registry about once an interval, and a
	 * queue registered since is trimmed by some instance about an interval later.
	 */
	private Set<String> registered(long now) {
		if (this.registeredRead == null || now - this.registeredReadUntil >= 0) {
			this.registeredRead = this.broker.knownQueues();
			this.registeredReadUntil = now
					+ ClusterSpread.around(this.interval.multipliedBy(this.spread.fleet())).toNanos();
		}
		return this.registeredRead;
	}

	/** Trims one queue; true when more is left than one batch took. */
	private boolean trim(String queue) {
		TrimResult trimmed = this.broker.trim(queue, this.retention.dead(), this.retention.deadMax(), BATCH);
		if (trimmed.deadOverCap() > 0) {
			this.listener.deadDropped(queue, trimmed.deadOverCap());
		}
		return trimmed.dropped() >= BATCH;
	}

}
