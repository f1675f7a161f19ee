package io.github.asynctask.submit;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Random;

/**
 * Time-ordered task ids: ULIDs (26 Crockford base-32 characters, 48-bit millisecond time
 * then 80 random bits). Ids from one generator are strictly increasing, also within a
 * millisecond (the random part is incremented) and when the clock steps back. The ids of
 * periodic ticks, and of submits while no instance number of short ids is held.
 */
public final class UlidGenerator {

	private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();

	private final Clock clock;

	private final Random random;

	// Guarded by this: the last time used and its 80 random bits (high 16, low 64).
	private long lastTime = -1;

	private long high;

	private long low;

	public UlidGenerator(Clock clock) {
		this(clock, new SecureRandom());
	}

	UlidGenerator(Clock clock, Random random) {
		this.clock = clock;
		this.random = random;
	}

	/** The next id. */
	public String next() {
		long time;
		long randomHigh;
		long randomLow;
		synchronized (this) {
			long now = this.clock.millis();
			if (now > this.lastTime) {
				this.lastTime = now;
				this.high = this.random.nextInt() & 0xFFFFL;
				this.low = this.random.nextLong();
			}
			else if (++this.low == 0) {
				this.high = (this.high + 1) & 0xFFFFL;
				if (this.high == 0) {
					// 80 random bits exhausted within a millisecond: borrow the next one.
					this.lastTime++;
				}
			}
			time = this.lastTime;
			randomHigh = this.high;
			randomLow = this.low;
		}
		return format(time, randomHigh, randomLow);
	}

	static String format(long time, long randomHigh, long randomLow) {
		char[] chars = new char[26];
		for (int i = 9; i >= 0; i--) {
			chars[i] = ALPHABET[(int) (time & 31)];
			time >>>= 5;
		}
		// 80 random bits = 16 characters; take 5 bits at a time from the low end.
		for (int i = 25; i >= 10; i--) {
			chars[i] = ALPHABET[(int) (randomLow & 31)];
			randomLow = (randomLow >>> 5) | ((randomHigh & 31) << 59);
			randomHigh >>>= 5;
		}
		return new String(chars);
	}

}
