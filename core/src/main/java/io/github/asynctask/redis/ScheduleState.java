package io.github.asynctask.redis;

import org.jspecify.annotations.Nullable;

/**
 * A schedule's state as stored in Redis.
 *
 * @param last the last tick handled (epoch ms; a reset stores Redis time then),
 * {@code -1} before the first tick
 * @param lastFired the last tick that created a task (epoch ms), {@code null} for none
 * @param lastTaskId the id of that task, {@code null} for none
 * @param lastTaskState that task's state code ({@code p s a r d c}), {@code null} when it
 * is gone (finished and dropped) or there is none
 * @param paused whether an operator paused the schedule
 */
public record ScheduleState(long last, @Nullable Long lastFired, @Nullable String lastTaskId,
		@Nullable String lastTaskState, boolean paused) {
}
