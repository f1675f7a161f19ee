package io.github.asynctask;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One periodic task as {@link AsyncTaskTemplate#schedules()} lists it: an annotated
 * schedule, or one made at run time with {@link AsyncTaskTemplate#schedule}.
 *
 * @param name the task (and schedule) name; the id of a run-time schedule
 * @param queue the queue its ticks submit to
 * @param expression {@code cron <expression>} or {@code every <interval>}
 * @param zone the zone of a cron ({@code Z} for an interval)
 * @param misfire what missed ticks give: {@code ONCE}, {@code SKIP} or {@code ALL}
 * @param overlap whether a tick runs while the previous tick's task is unfinished
 * @param lastTick the last tick handled (fired, skipped or missed), {@code null} before
 * the first
 * @param nextTick the next tick, {@code null} when the expression has none
 * @param lastRunTaskId the task the last fired tick created, {@code null} for none
 * @param lastRunState that task's state, {@code null} when there is none or it finished
 * and was dropped
 * @param paused whether an operator paused the schedule (its ticks pass over without a
 * run)
 * @param runtime whether it was made at run time ({@link AsyncTaskTemplate#schedule})
 * @param task the task its ticks submit (the name of an annotated schedule)
 * @param problem why it is not fired (its task method is not registered, its arguments
 * cannot be read), {@code null} when it fires
 */
public record ScheduleInfo(String name, String queue, String expression, String zone, String misfire, boolean overlap,
		@Nullable Instant lastTick, @Nullable Instant nextTick, @Nullable String lastRunTaskId,
		@Nullable TaskState lastRunState, boolean paused, boolean runtime, String task, @Nullable String problem) {

	/** An annotated schedule. */
	public ScheduleInfo(String name, String queue, String expression, String zone, String misfire, boolean overlap,
			@Nullable Instant lastTick, @Nullable Instant nextTick, @Nullable String lastRunTaskId,
			@Nullable TaskState lastRunState, boolean paused) {
		this(name, queue, expression, zone, misfire, overlap, lastTick, nextTick, lastRunTaskId, lastRunState, paused,
				false, name, null);
	}

}
