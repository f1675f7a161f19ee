package io.github.asynctask.flow;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * When the sweeper next sweeps each queue. A queue that the application's {@code after}
 * rules name (its waiting tasks, or the tasks they await, live there) is swept every
 * interval. Any other queue can only be reached by a per-call {@code after}: while its
 * sweeps find nothing, the time to its next one doubles up to {@code most}, so an
 * application without flows pays about one sweep per {@code most} and queue; a sweep that
 * finds something, or a release owed by a local completion, brings it back to the
 * interval. Confined to the sweeper's thread; times are {@link System#nanoTime} values.
 */
final class SweepPacing {

	private final Predicate<String> steady;

	private final long interval;

	private final long most;

	private final Map<String, Pace> paces = new HashMap<>();

	/**
	 * @param steady the queues always swept every interval
	 * @param interval the shortest time between two sweeps of a queue
	 * @param most the longest time between two sweeps of a queue
	 */
	SweepPacing(Predicate<String> steady, Duration interval, Duration most) {
		this.steady = steady;
		this.interval = interval.toNanos();
		this.most = Math.max(this.interval, most.toNanos());
	}

	/** Whether {@code queue} is due for a sweep at {@code now}. */
	boolean due(String queue, long now) {
		Pace pace = this.paces.get(queue);
		return pace == null || now - pace.next() >= 0;
	}

	/** {@code queue} was swept at {@code now}; {@code found} whether there was work. */
	void swept(String queue, boolean found, long now) {
		Pace pace = this.paces.get(queue);
		long gap = (found || pace == null || this.steady.test(queue)) ? this.interval
				: Math.min(this.most, pace.gap() * 2);
		this.paces.put(queue, new Pace(now + gap, gap));
	}

	/** Flow activity seen in {@code queue}: back to the interval. */
	void wake(String queue, long now) {
		Pace pace = this.paces.get(queue);
		if (pace != null && pace.gap() > this.interval) {
			this.paces.put(queue, new Pace(Math.min(pace.next(), now + this.interval), this.interval));
		}
	}

	/** How long from {@code now} until the next queue is due, at most the interval. */
	long nanosUntilNext(long now) {
		long until = this.interval;
		for (Pace pace : this.paces.values()) {
			until = Math.min(until, pace.next() - now);
		}
		return Math.max(0, until);
	}

	/** The next sweep of a queue and the gap that led to it. */
	private record Pace(long next, long gap) {
	}

}
