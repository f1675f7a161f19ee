package io.github.asynctask.annotation;

/**
 * What a periodic task does with ticks that passed while no instance ran (a deploy, an
 * outage): a schedule is on time when exactly one tick is due, otherwise the due ticks
 * were missed.
 */
public enum Misfire {

	/** One run for all the missed ticks, for the latest of them. */
	ONCE,

	/** No run for the missed ticks; the schedule goes on with the next tick. */
	SKIP,

	/**
	 * One run per missed tick, at most {@code async-task.schedules.max-catch-up} of them.
	 */
	ALL

}
