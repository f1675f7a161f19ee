package io.github.asynctask;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.schedule.RuntimeSchedules;
import io.github.asynctask.schedule.ScheduleRunner;
import org.jspecify.annotations.Nullable;

/**
 * The schedules behind {@link AsyncTaskTemplate}: the annotated ones of this application
 * and those made at run time, either of which may be off.
 */
final class TemplateSchedules {

	private final @Nullable ScheduleRunner schedules;

	private final @Nullable RuntimeSchedules runtimeSchedules;

	TemplateSchedules(@Nullable ScheduleRunner schedules, @Nullable RuntimeSchedules runtimeSchedules) {
		this.schedules = schedules;
		this.runtimeSchedules = runtimeSchedules;
	}

	List<ScheduleInfo> list() {
		List<ScheduleInfo> all = new ArrayList<>((this.schedules != null) ? this.schedules.list() : List.of());
		if (this.runtimeSchedules != null) {
			all.addAll(this.runtimeSchedules.list());
		}
		return all;
	}

	boolean schedule(String id, String cronOrEvery, ZoneId zone, Runnable call) {
		return runtimeSchedules().schedule(id, cronOrEvery, zone, call);
	}

	boolean unschedule(String id) {
		return runtimeSchedules().unschedule(id);
	}

	// an annotated schedule of that name first, then a run-time one of that id
	boolean setPaused(String name, boolean paused) {
		return (this.schedules != null && this.schedules.setPaused(name, paused))
				|| (this.runtimeSchedules != null && this.runtimeSchedules.setPaused(name, paused));
	}

	private RuntimeSchedules runtimeSchedules() {
		if (this.runtimeSchedules == null) {
			throw new IllegalStateException("Run-time schedules are off: this template was made without "
					+ "RuntimeSchedules (the test module's record and inline modes have none); use the "
					+ "auto-configured AsyncTaskTemplate on Redis");
		}
		return this.runtimeSchedules;
	}

}
