package io.github.asynctask.schedule;

import java.time.Instant;

import io.github.asynctask.ScheduleInfo;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.ScheduleState;
import io.github.asynctask.redis.store.StoredRuntimeSchedule;
import org.jspecify.annotations.Nullable;

/**
 * A stored run-time schedule as {@link ScheduleInfo}, with what keeps it from firing.
 */
final class RuntimeScheduleInfos {

	private RuntimeScheduleInfos() {
	}

	static ScheduleInfo of(StoredRuntimeSchedule stored, TaskRegistry registry) {
		ScheduleState state = stored.state();
		String problem = problem(stored, registry);
		Instant last = (state.last() >= 0) ? Instant.ofEpochMilli(state.last()) : null;
		Instant next = (stored.nextLook() >= 0 && stored.nextLook() < Long.MAX_VALUE / 2)
				? Instant.ofEpochMilli(stored.nextLook()) : null;
		return new ScheduleInfo(stored.id(), stored.queue(), stored.expression(), stored.zone(),
				stored.misfire().toUpperCase(java.util.Locale.ROOT), stored.overlap(), last, next, state.lastTaskId(),
				ScheduleInfos.taskState(state.lastTaskState()), state.paused(), true, stored.task(), problem);
	}

	/**
	 * The problem an instance recorded, else what this application sees: an unreadable
	 * entry or a task it does not register.
	 */
	static @Nullable String problem(StoredRuntimeSchedule stored, TaskRegistry registry) {
		if (!stored.readable()) {
			return "its stored call or state in queue '" + stored.queue()
					+ "' cannot be read; schedule it again (same id) or unschedule it";
		}
		if (registry.find(stored.task()).isEmpty()) {
			return "task '" + stored.task() + "' is not registered in this application (method removed or renamed?); "
					+ "deploy it again or unschedule '" + stored.id() + "'";
		}
		return stored.problem();
	}

}
