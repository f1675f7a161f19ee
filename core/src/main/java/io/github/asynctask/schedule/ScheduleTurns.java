package io.github.asynctask.schedule;

import java.time.Duration;

/**
 * Whether this instance fires a queue's schedule ticks on time or only as a fallback: the
 * instance holding the queue's agent turn fires them on time, the others call a drawn
 * delay after a tick is due, so that a fleet's tick calls stay flat in its size and a
 * dead holder's ticks still fire, that much late.
 */
@FunctionalInterface
public interface ScheduleTurns {

	/** Every queue on time: an instance alone, or one that knows of no turns. */
	ScheduleTurns ON_TIME = (queue) -> Duration.ZERO;

	/**
	 * How long after a due tick of the queue this instance calls for it: zero when it
	 * fires the queue's ticks on time, else a new random delay at each call.
	 */
	Duration fallback(String queue);

}
