package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.BackoffPolicy;

/**
 * Waits that grow by a multiplier, with up to 10% jitter so tasks that failed together
 * spread out, capped at a maximum.
 */
record ExponentialBackoff(Duration delay, double multiplier, Duration maxDelay) implements BackoffPolicy {

	ExponentialBackoff {
		if (delay.isNegative() || delay.isZero()) {
			throw new IllegalArgumentException("async-task.defaults.backoff.delay must be positive but was " + delay);
		}
		if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
			throw new IllegalArgumentException(
					"async-task.defaults.backoff.multiplier must be a finite number >= 1 but was " + multiplier);
		}
		if (maxDelay.compareTo(delay) < 0) {
			throw new IllegalArgumentException("async-task.defaults.backoff.max-delay (" + maxDelay
					+ ") must not be shorter than async-task.defaults.backoff.delay (" + delay + ")");
		}
	}

	@Override
	public Duration nextDelay(String taskName, int failedAttempt, Throwable error) {
		double millis = this.delay.toMillis() * Math.pow(this.multiplier, Math.max(failedAttempt, 1) - 1);
		double jittered = millis * (1.0 + ThreadLocalRandom.current().nextDouble(0.1));
		// a double past Long.MAX_VALUE converts to Long.MAX_VALUE, so the cap stays exact
		return Duration.ofMillis(Math.min((long) jittered, this.maxDelay.toMillis()));
	}

}
