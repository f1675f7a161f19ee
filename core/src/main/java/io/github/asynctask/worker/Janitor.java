package io.github.asynctask.worker;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.RedisBroker;

/**
 * Drops dead tasks past their retention and completed ones past theirs, in batches; each
 * queue at its own pace, spread over the instances serving it.
 */
final class Janitor implements PeriodicLoop.Step {

	static final int BATCH = 1000;

	private final RedisBroker broker;

	private final List<String> queues;

	private final Duration deadRetention;

	private final Duration interval;

	private final ClusterSpread spread;

	Janitor(RedisBroker broker, List<String> queues, Duration deadRetention, Duration interval, ClusterSpread spread) {
		this.broker = broker;
		this.queues = List.copyOf(queues);
		this.deadRetention = deadRetention;
		this.interval = interval;
		this.spread = spread;
	}

	private final QueueTimes times = new QueueTimes();

	@Override
	public Duration run() {
		long now = System.nanoTime();
		for (String queue : this.queues) {
			if (this.times.due(queue, now)) {
				boolean more = this.broker.trim(queue, this.deadRetention, BATCH) >= BATCH;
				this.times.runIn(queue, more ? Duration.ZERO : this.spread.spread(queue, this.interval), now);
			}
		}
		return this.times.untilNext(System.nanoTime());
	}

}
