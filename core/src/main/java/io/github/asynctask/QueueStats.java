package io.github.asynctask;

import java.time.Duration;

/**
 * Sizes of one queue by state, read in one Redis call.
 *
 * @param queue the queue name
 * @param pending tasks ready to run
 * @param scheduled tasks waiting for their run-at time
 * @param active tasks held by workers
 * @param retry tasks waiting for their next attempt
 * @param dead tasks kept in the dead archive
 * @param completed completed tasks kept by retention
 * @param paused whether the queue is paused
 * @param latency age of the oldest pending task, {@link Duration#ZERO} when none
 * @param waiting tasks waiting for the tasks they run after ({@code after}) to complete
 */
public record QueueStats(String queue, long pending, long scheduled, long active, long retry, long dead, long completed,
		boolean paused, Duration latency, long waiting) {

	/** Sizes of a queue without waiting tasks. */
	public QueueStats(String queue, long pending, long scheduled, long active, long retry, long dead, long completed,
			boolean paused, Duration latency) {
		this(queue, pending, scheduled, active, retry, dead, completed, paused, latency, 0);
	}

}
