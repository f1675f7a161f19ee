package io.github.asynctask.schedule;

import org.jspecify.annotations.Nullable;

/**
 * Per-environment settings of one schedule ({@code async-task.schedules.<name>.*}); each
 * {@code null} keeps what the annotation says.
 *
 * @param cron replaces the annotation's expression (and its {@code every})
 * @param every replaces the annotation's interval (and its {@code cron})
 * @param enabled {@code false} stops the schedule on this environment
 * @param zone replaces the annotation's zone
 */
public record ScheduleOverride(@Nullable String cron, @Nullable String every, @Nullable Boolean enabled,
		@Nullable String zone) {

	/** No override. */
	public static final ScheduleOverride NONE = new ScheduleOverride(null, null, null, null);

}
