package io.github.asynctask.worker;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * When a {@link PeriodicSweeper} next sweeps each queue. A steady queue (for the flow
 * sweeper: one the application's {@code after} rules name) is swept every interval. Any
 * other one, while its sweeps find nothing, waits twice as long each time up to
 * {@code most}, so a queue without that work costs about one sweep per {@code most}; a
 * sweep that finds something, or a {@link #wake}, brings it back to the interval. Each
 * gap is stretched by the number of instances the queue's sweeps are spread over (1 on
 * the instance holding its agent turn), randomised, so the fleet as a whole sweeps a
 * queue at that pace however many instances it has. Confined to the sweeper's thread;
 * times are {@link System#nanoTime} values.
 */
public final class SweepPacing {

	private final Predicate<String> steady;

	private final long interval;

	private final long most;

	private final Map<String, Pace> paces = new HashMap<>();

	/**
	 * Over how many instances each queue's sweeps are spread (shard names count as
	 * theirs).
	 */
	private ToIntFunction<String> instances = (queue) -> 1;

	/**
	 * @param steady the queues always swept every interval
	 * @param interval the shortest time between two sweeps of a queue
	 * @param most the longest time between two sweeps of a queue
	 */
	public SweepPacing(Predicate<String> steady, Duration interval, Duration most) {
		this.steady = steady;
		this.interval = interval.toNanos();
		this.most = Math.max(this.interval, most.toNanos());
	}

	/** Over how many instances each queue's sweeps are spread (1: this one only). */
	public void instances(ToIntFunction<String> instances) {
		this.instances = instances;
	}

	/** Whether {@code queue} is due for a sweep at {@code now}. */
	public boolean due(String queue, long now) {
		Pace pace = this.paces.get(queue);
		return pace == null || now - pace.next() >= 0;
	}

	/** {@code queue} was swept at {@code now}; {@code found} whether there was work. */
	public void swept(String queue, boolean found, long now) {
		Pace pace = this.paces.get(queue);
		long gap = (found || pace == null || this.steady.test(queue)) ? this.interval
				: Math.min(this.most, pace.gap() * 2);
		this.paces.put(queue, new Pace(now + spread(queue, gap), gap));
	}

	private long spread(String queue, long gap) {
		int instances = Math.max(1, this.instances.applyAsInt(queue));
		return (instances == 1) ? gap : (long) (gap * instances * (0.5 + ThreadLocalRandom.current().nextDouble()));
	}

	/** Activity seen in {@code queue}: back to the interval. */
	public void wake(String queue, long now) {
		Pace pace = this.paces.get(queue);
		if (pace != null && pace.gap() > this.interval) {
			this.paces.put(queue, new Pace(Math.min(pace.next(), now + this.interval), this.interval));
		}
	}

	/** How long from {@code now} until the next queue is due, at most the interval. */
	public long nanosUntilNext(long now) {
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
