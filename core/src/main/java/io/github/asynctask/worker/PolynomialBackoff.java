package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.BackoffPolicy;

/**
 * The Sidekiq retry curve. The random term grows with the attempt so that many tasks
 * failing together (a downstream outage) do not all come back in the same second.
 */
record PolynomialBackoff() implements BackoffPolicy {

	/** Caps the attempt so the fourth power stays far from overflow. */
	private static final int MAX_ATTEMPT = 1_000;

	@Override
	public Duration nextDelay(String taskName, int failedAttempt, Throwable error) {
		long attempt = Math.min(Math.max(failedAttempt, 1), MAX_ATTEMPT);
		long seconds = attempt * attempt * attempt * attempt + 15
				+ ThreadLocalRandom.current().nextLong(30) * (attempt + 1);
		return Duration.ofSeconds(seconds);
	}

}
