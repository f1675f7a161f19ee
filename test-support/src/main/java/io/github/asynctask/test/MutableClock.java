package io.github.asynctask.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock a test sets and moves forward by hand; thread-safe, so code under test may read
 * it from worker threads. Copies made by {@link #withZone(ZoneId)} share the same time.
 */
public final class MutableClock extends Clock {

	private final AtomicReference<Instant> now;

	private final ZoneId zone;

	private MutableClock(AtomicReference<Instant> now, ZoneId zone) {
		this.now = now;
		this.zone = zone;
	}

	/**
	 * A clock in UTC standing at the given instant.
	 * @param instant the starting time
	 * @return the clock
	 */
	public static MutableClock at(Instant instant) {
		return new MutableClock(new AtomicReference<>(instant), ZoneOffset.UTC);
	}

	/**
	 * Moves the clock forward (or back, for a negative duration).
	 * @param duration how far to move
	 * @return the new time
	 */
	public Instant advance(Duration duration) {
		return this.now.updateAndGet((instant) -> instant.plus(duration));
	}

	/**
	 * Sets the clock to the given instant.
	 * @param instant the new time
	 */
	public void set(Instant instant) {
		this.now.set(instant);
	}

	@Override
	public Instant instant() {
		return this.now.get();
	}

	@Override
	public ZoneId getZone() {
		return this.zone;
	}

	@Override
	public MutableClock withZone(ZoneId zone) {
		return new MutableClock(this.now, zone);
	}

	@Override
	public String toString() {
		return "MutableClock[" + instant() + ", " + this.zone + "]";
	}

}
