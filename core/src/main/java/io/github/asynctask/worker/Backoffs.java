package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.BackoffPolicy;

/**
 * The built-in {@link BackoffPolicy backoff policies} chosen by
 * {@code async-task.defaults.backoff.policy}.
 */
public final class Backoffs {

	private Backoffs() {
	}

	/**
	 * The Sidekiq curve: {@code attempt^4 + 15 + rand(30) * (attempt + 1)} seconds, so 25
	 * retries span about 25 days and simultaneous failures spread out.
	 */
	public static BackoffPolicy polynomial() {
		return new PolynomialBackoff();
	}

	/** The same wait before every retry. */
	public static BackoffPolicy fixed(Duration delay) {
		return new FixedBackoff(delay);
	}

	/**
	 * {@code delay * multiplier^(attempt - 1)} plus up to 10% jitter, never more than
	 * {@code maxDelay}.
	 */
	public static BackoffPolicy exponential(Duration delay, double multiplier, Duration maxDelay) {
		return new ExponentialBackoff(delay, multiplier, maxDelay);
	}

}
