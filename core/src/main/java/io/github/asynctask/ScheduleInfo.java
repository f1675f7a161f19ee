package io.github.asynctask;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One periodic task as {@link AsyncTaskTemplate#schedules()} lists it.
 *
 * @param name the task (and schedule) name
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
 */
public record ScheduleInfo(String name, String queue, String expression, String zone, String misfire, boolean overlap,
		@Nullable Instant lastTick, @Nullable Instant nextTick, @Nullable String lastRunTaskId,
		@Nullable TaskState lastRunState, boolean paused) {
}
