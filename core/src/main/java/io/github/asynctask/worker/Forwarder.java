package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.RedisBroker;

/**
 * Moves due scheduled and retry tasks to pending. While this instance holds the queue's
 * turn ({@link QueueTurns}) it sleeps until the earliest due time (so a delayed task
 * starts on time, not up to a poll late), capped by the poll interval (five times that
 * when nothing is scheduled), and is woken early when an earlier task is scheduled; the
 * other instances only poll, spread over the instances serving the queue, as a fallback.
 * Each queue keeps its own pace.
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

	private final QueueTurns turns;

	Forwarder(RedisBroker broker, List<String> queues, Duration pollInterval, QueueTurns turns) {
		this.broker = broker;
		this.queues = List.copyOf(queues);
		this.pollInterval = pollInterval;
		this.turns = turns;
	}

	private final QueueTimes times = new QueueTimes();

	@Override
	public Duration run() {
		long now = System.nanoTime();
		for (String queue : this.queues) {
			if (this.times.due(queue, now)) {
				this.times.runIn(queue, forward(queue), now);
			}
		}
		return this.times.untilNext(System.nanoTime());
	}

	/**
	 * A task of the queue may have become due earlier than planned: the turn's holder
	 * forwards it next.
	 */
	void wake(String queue) {
		if (this.turns.holds(queue)) {
			this.times.runNow(queue);
		}
	}

	private Duration forward(String queue) {
		ForwardResult result = this.broker.forward(queue, BATCH);
		if (result.moved() >= BATCH) {
			return Duration.ZERO;
		}
		Duration nextDue = result.nextDueIn();
		if (nextDue == null) {
			return this.turns.interval(queue, this.pollInterval.multipliedBy(IDLE_FACTOR));
		}
		Duration poll = this.turns.interval(queue, this.pollInterval);
		return (this.turns.holds(queue) && nextDue.compareTo(poll) < 0) ? nextDue : poll;
	}

}
