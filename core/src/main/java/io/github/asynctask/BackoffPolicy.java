package io.github.asynctask;

import java.time.Duration;

/**
 * How long a failed task waits before its next attempt. A bean of this type replaces the
 * policy chosen by {@code async-task.defaults.backoff.*}.
 */
@FunctionalInterface
public interface BackoffPolicy {

	/**
	 * The wait before the next attempt.
	 * @param taskName the stable name of the task that failed
	 * @param failedAttempt the 1-based number of the attempt that just failed
	 * @param error what the attempt threw
	 * @return a non-negative delay
	 */
	Duration nextDelay(String taskName, int failedAttempt, Throwable error);

}
