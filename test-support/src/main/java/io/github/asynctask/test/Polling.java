package io.github.asynctask.test;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The bounded waits of the Redis fixtures: a server coming up, a cluster forming. Tests
 * use Awaitility; test-support does not depend on it.
 */
final class Polling {

	private static final Duration STEP = Duration.ofMillis(50);

	private Polling() {
	}

	/**
	 * Wait until {@code condition} holds.
	 * @param what what is awaited, for the error message
	 * @throws IllegalStateException when it does not hold within {@code timeout}
	 */
	static void await(BooleanSupplier condition, Duration timeout, String what) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() - deadline > 0) {
				throw new IllegalStateException("Timed out after " + timeout.toSeconds() + "s waiting for " + what);
			}
			sleep(STEP, what);
		}
	}

	/** Sleep between two probes; an interrupt ends the wait with an error naming it. */
	static void sleep(Duration duration, String what) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for " + what, ex);
		}
	}

}
