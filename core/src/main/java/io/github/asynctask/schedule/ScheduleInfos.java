package io.github.asynctask.schedule;

import java.time.Instant;

import io.github.asynctask.ScheduleInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.ScheduleState;
import org.jspecify.annotations.Nullable;

/**
 * A schedule and its stored state as {@link ScheduleInfo}.
 */
final class ScheduleInfos {

	private ScheduleInfos() {
	}

	static ScheduleInfo of(Schedule schedule, @Nullable ScheduleState state) {
		boolean ticked = state != null && state.last() >= 0;
		Instant last = ticked ? Instant.ofEpochMilli(state.last()) : null;
		long next = schedule.ticks().next(ticked ? state.last() : System.currentTimeMillis());
		return new ScheduleInfo(schedule.name(), schedule.queue(), schedule.expression(), schedule.zone().getId(),
				schedule.misfire().name(), schedule.overlap(), last,
				(next != Ticks.NEVER) ? Instant.ofEpochMilli(next) : null, (state != null) ? state.lastTaskId() : null,
				(state != null) ? taskState(state.lastTaskState()) : null, state != null && state.paused());
	}

	static @Nullable TaskState taskState(@Nullable String code) {
		if (code == null) {
			return null;
		}
		return switch (code) {
			case "p" -> TaskState.PENDING;
			case "s" -> TaskState.SCHEDULED;
			case "a" -> TaskState.ACTIVE;
			case "r" -> TaskState.RETRY;
			case "d" -> TaskState.DEAD;
			case "c" -> TaskState.COMPLETED;
			default -> null;
		};
	}

}
