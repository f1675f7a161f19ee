package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each queue's share of a periodic agent's work is next due, so that one agent
 * thread serving several queues runs each at its own pace rather than all at the pace of
 * the busiest. Times are {@link System#nanoTime()} values.
 */
final class QueueTimes {

	private final Map<String, Long> next = new ConcurrentHashMap<>();

	/** Queues woken since their last run; a wake-up during a run is kept for the next. */
	private final Set<String> woken = ConcurrentHashMap.newKeySet();

	/** True when the queue has not run yet, was woken, or its time has come. */
	boolean due(String queue, long now) {
		Long at = this.next.get(queue);
		return this.woken.remove(queue) || at == null || at - now <= 0;
	}

	void runIn(String queue, Duration wait, long now) {
		this.next.put(queue, now + wait.toNanos());
	}

	/** Run the queue at the agent's next round (a wake-up named it). */
	void runNow(String queue) {
		this.woken.add(queue);
	}

	/** Stop timing a queue the agent no longer looks after. */
	void forget(String queue) {
		this.next.remove(queue);
		this.woken.remove(queue);
	}

	/** How long until the earliest queue is due; zero when one is due already. */
	Duration untilNext(long now) {
		long earliest = Long.MAX_VALUE;
		for (long at : this.next.values()) {
			earliest = Math.min(earliest, at - now);
		}
		return (earliest == Long.MAX_VALUE) ? Duration.ZERO : Duration.ofNanos(Math.max(0, earliest));
	}

}
