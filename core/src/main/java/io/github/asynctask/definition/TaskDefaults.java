package io.github.asynctask.definition;

import java.time.Duration;

import io.github.asynctask.QueueName;

/**
 * Options a task gets when its {@code @AsyncTask} does not say otherwise (bound from
 * {@code async-task.defaults.*} by the auto-configuration).
 *
 * @param maxRetries retries after the first attempt
 * @param timeout longest one attempt may run
 * @param dedupTtl how long a bizId is remembered
 * @param queue the queue of tasks that name none
 */
public record TaskDefaults(int maxRetries, Duration timeout, Duration dedupTtl, String queue) {

	/**
	 * The documented defaults: 25 retries, 30 minutes, 24 hours, queue {@code default}.
	 */
	public static final TaskDefaults STANDARD = new TaskDefaults(25, Duration.ofMinutes(30), Duration.ofHours(24),
			"default");

	public TaskDefaults {
		if (maxRetries < 0) {
			throw new IllegalArgumentException("async-task.defaults.max-retries must be >= 0 but was " + maxRetries);
		}
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("async-task.defaults.timeout must be positive but was " + timeout);
		}
		if (dedupTtl.isNegative() || dedupTtl.isZero()) {
			throw new IllegalArgumentException("async-task.defaults.dedup-ttl must be positive but was " + dedupTtl);
		}
		QueueName.check(queue);
	}

}
