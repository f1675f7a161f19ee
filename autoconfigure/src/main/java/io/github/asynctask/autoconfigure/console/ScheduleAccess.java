package io.github.asynctask.autoconfigure.console;

import java.util.List;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.ScheduleInfo;
import org.jspecify.annotations.Nullable;

/**
 * The application's periodic tasks as operators see them: listed, paused and resumed
 * through {@link AsyncTaskTemplate}; none when the application has no template.
 */
public final class ScheduleAccess {

	private final @Nullable AsyncTaskTemplate template;

	public ScheduleAccess(@Nullable AsyncTaskTemplate template) {
		this.template = template;
	}

	List<ScheduleInfo> list() {
		return (this.template != null) ? this.template.schedules() : List.of();
	}

	/** {@code false} when the application has no enabled schedule of that name. */
	boolean setPaused(String name, boolean paused) {
		if (this.template == null) {
			return false;
		}
		return paused ? this.template.pauseSchedule(name) : this.template.resumeSchedule(name);
	}

}
