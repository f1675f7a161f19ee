package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.BackoffPolicy;

/** The same wait before every retry. */
record FixedBackoff(Duration delay) implements BackoffPolicy {

	FixedBackoff {
		if (delay.isNegative()) {
			throw new IllegalArgumentException(
					"async-task.defaults.backoff.delay must not be negative but was " + delay);
		}
	}

	@Override
	public Duration nextDelay(String taskName, int failedAttempt, Throwable error) {
		return this.delay;
	}

}
