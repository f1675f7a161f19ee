package io.github.asynctask.schedule;

import java.time.Duration;

/**
 * When the annotated-schedule loop calls for a schedule's next tick: at the tick while
 * this instance fires the queue's ticks on time ({@link ScheduleTurns}), else a fallback
 * delay later, drawn once per tick so that waking up early does not draw again. Asking
 * again after each wake-up puts a schedule back on time as soon as its turn is taken.
 */
final class TickPace {

	private final ScheduleTurns turns;

	TickPace(ScheduleTurns turns) {
		this.turns = turns;
	}

	/** When to call for the cursor's next tick (epoch ms, Redis time). */
	long callAt(TickFiring.Cursor cursor) {
		if (cursor.nextTick == Long.MIN_VALUE || cursor.nextTick >= Ticks.NEVER) {
			// the first call learns the state; a schedule that never ticks has nothing to
			// pace
			return cursor.nextTick;
		}
		Duration fallback = this.turns.fallback(cursor.schedule.queue());
		if (fallback.isZero()) {
			return cursor.nextTick;
		}
		if (cursor.pacedTick != cursor.nextTick) {
			cursor.pacedTick = cursor.nextTick;
			cursor.callAt = cursor.nextTick + fallback.toMillis();
		}
		return cursor.callAt;
	}

}
