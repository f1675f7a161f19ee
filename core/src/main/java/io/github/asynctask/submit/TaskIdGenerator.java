package io.github.asynctask.submit;

import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisReachability;
import org.jspecify.annotations.Nullable;

/**
 * Task ids of 14 characters ({@link ShortIds}) made with an instance number claimed in
 * Redis, so unique across the fleet without randomness; a 26-character ULID while no
 * number is held (start-up, Redis unreachable). Both kinds are opaque strings to every
 * script, and never equal since their lengths differ.
 * <p>
 * Ids of one kind from one generator are strictly increasing: within a millisecond by the
 * sequence (a random salt in its high 14 bits, fixed per generator, then a count of 12
 * bits: 4,096 ids per millisecond, an overflow borrows the next millisecond), and when
 * the clock steps back the last time is kept. A number's ids stay inside its window:
 * after the previous holders' horizon, up to the horizon this instance recorded.
 */
final class TaskIdGenerator implements AutoCloseable {

	private final IdNumberHolder holder;

	private final Clock clock;

	private final LongSupplier nanos;

	private final UlidGenerator ulids;

	// Guarded by this: the last short id's time (Unix ms), number and sequence.
	private long lastTime = -1;

	private int lastNumber = -1;

	private long lastSequence;

	/**
	 * The high bits of every sequence this generator makes, drawn once: two generators
	 * that hold one number at once (Redis lost the claim key and handed the number out
	 * again, before the first holder's renewal noticed) make different ids but once in
	 * 2^14 pairs.
	 */
	static final int SALT_BITS = 14;

	/** Most ids of one millisecond, less one: the sequence's bits below the salt. */
	static final long MAX_COUNT = (1L << (ShortIds.SEQUENCE_BITS - SALT_BITS)) - 1;

	private final long salt;

	/** Most ids of one millisecond, less one: {@link #MAX_COUNT} but in tests. */
	private final long maxSequence;

	TaskIdGenerator(IdNumberHolder holder, Clock clock, LongSupplier nanos) {
		this(holder, clock, nanos, MAX_COUNT, ThreadLocalRandom.current().nextInt(1 << SALT_BITS));
	}

	TaskIdGenerator(IdNumberHolder holder, Clock clock, LongSupplier nanos, long maxSequence, int salt) {
		this.maxSequence = maxSequence;
		this.salt = (long) salt << (ShortIds.SEQUENCE_BITS - SALT_BITS);
		this.holder = holder;
		this.clock = clock;
		this.nanos = nanos;
		this.ulids = new UlidGenerator(clock);
	}

	/**
	 * A generator whose number is claimed through the broker for a new instance id.
	 */
	static TaskIdGenerator of(RedisBroker broker, Clock clock, RedisReachability reachability) {
		String instanceId = ProcessHandle.current().pid() + ":" + UUID.randomUUID();
		IdNumberHolder holder = new IdNumberHolder(IdNumberClaims.of(broker), instanceId, clock, System::nanoTime,
				reachability);
		return new TaskIdGenerator(holder, clock, System::nanoTime);
	}

	/** The next id; never blocks on Redis. */
	String next() {
		IdNumber number = this.holder.current(this.nanos.getAsLong());
		String id = (number != null) ? shortId(number) : null;
		return (id != null) ? id : this.ulids.next();
	}

	/** Starts the first claim now, so that the first submits already get short ids. */
	void start() {
		this.holder.current(this.nanos.getAsLong());
	}

	@Override
	public void close() {
		this.holder.close();
	}

	/** The next short id with this number, or null when its window holds no more. */
	private synchronized @Nullable String shortId(IdNumber number) {
		long time = Math.max(this.clock.millis(), number.after() + 1);
		long sequence = 0;
		if (time <= this.lastTime) {
			if (number.number() == this.lastNumber) {
				time = this.lastTime;
				sequence = this.lastSequence + 1;
				if (sequence > this.maxSequence) {
					// the sequence is exhausted within a millisecond: borrow the next one
					time++;
					sequence = 0;
				}
			}
			else {
				// another number: a later millisecond keeps this generator's ids
				// increasing
				time = this.lastTime + 1;
			}
		}
		if (time > number.horizon() || !ShortIds.fits(time)) {
			return null;
		}
		this.lastTime = time;
		this.lastNumber = number.number();
		this.lastSequence = sequence;
		return ShortIds.format(time, number.number(), this.salt | sequence);
	}

}
