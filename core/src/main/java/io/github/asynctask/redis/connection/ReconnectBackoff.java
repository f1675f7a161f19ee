package io.github.asynctask.redis.connection;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long to wait before the next attempt to reach Redis: 1 s, doubling after each
 * failure up to 30 s, each wait drawn from 80 % to 120 % of that so that instances
 * restarted together do not knock in step. Not thread-safe: one per retrying loop.
 */
public final class ReconnectBackoff {

	/** The first wait, before jitter. */
	public static final Duration FIRST = Duration.ofSeconds(1);

	/** The longest wait, before jitter. */
	public static final Duration MAX = Duration.ofSeconds(30);

	private Duration next = FIRST;

	/** The wait before the next attempt; doubles the one after it. */
	public Duration next() {
		Duration base = this.next;
		Duration doubled = base.multipliedBy(2);
		this.next = (doubled.compareTo(MAX) > 0) ? MAX : doubled;
		double jitter = 0.8 + 0.4 * ThreadLocalRandom.current().nextDouble();
		return Duration.ofMillis(Math.round(base.toMillis() * jitter));
	}

	/** After a success: the next failure waits {@link #FIRST} again. */
	public void reset() {
		this.next = FIRST;
	}

}
