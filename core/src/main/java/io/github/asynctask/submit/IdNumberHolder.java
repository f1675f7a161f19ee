package io.github.asynctask.submit;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.connection.ReconnectBackoff;
import io.github.asynctask.redis.connection.RedisReachability;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds this instance's number of short task ids, claimed in Redis under a lease and
 * renewed when half of it is gone; a failed attempt is tried again after a
 * {@link ReconnectBackoff}. Claims and renewals run on a short-lived thread of their own,
 * started by {@link #current}: a submit never waits for Redis, and nothing runs between
 * calls, so there is no thread to leak.
 * <p>
 * A number counts as held only until the local deadline (System.nanoTime when the request
 * was sent, plus the lease, less a margin), which comes before Redis can let the lease
 * run out and hand the number to another instance.
 */
final class IdNumberHolder implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(IdNumberHolder.class);

	/** How long a claim or renewal is good for. */
	static final Duration LEASE = Duration.ofMinutes(10);

	private final IdNumberClaims claims;

	private final String instanceId;

	private final Clock clock;

	private final LongSupplier nanos;

	private final Executor executor;

	private final long leaseNanos;

	/**
	 * The number and until when (System.nanoTime) it counts; written by the call thread.
	 */
	private volatile @Nullable Held held;

	/** No claim or renewal before this (System.nanoTime); written by the call thread. */
	private volatile long nextAttempt;

	private final AtomicBoolean inFlight = new AtomicBoolean();

	/** Whether the last attempt failed and said so at WARN; owned by the call thread. */
	private volatile boolean warned;

	/** The waits after failed attempts; owned by the call thread. */
	private final ReconnectBackoff backoff = new ReconnectBackoff();

	private final RedisReachability reachability;

	private volatile boolean closed;

	IdNumberHolder(IdNumberClaims claims, String instanceId, Clock clock, LongSupplier nanos,
			RedisReachability reachability) {
		this(claims, instanceId, clock, nanos, IdNumberHolder::newThread, LEASE, reachability);
	}

	IdNumberHolder(IdNumberClaims claims, String instanceId, Clock clock, LongSupplier nanos, Executor executor,
			Duration lease) {
		this(claims, instanceId, clock, nanos, executor, lease, new RedisReachability("Redis"));
	}

	/**
	 * @param reachability while Redis has not answered since start-up, a failed claim
	 * says so there (one WARN for every part) instead of in a WARN of its own
	 */
	IdNumberHolder(IdNumberClaims claims, String instanceId, Clock clock, LongSupplier nanos, Executor executor,
			Duration lease, RedisReachability reachability) {
		this.reachability = reachability;
		this.claims = claims;
		this.instanceId = instanceId;
		this.clock = clock;
		this.nanos = nanos;
		this.executor = executor;
		this.leaseNanos = lease.toNanos();
		this.nextAttempt = nanos.getAsLong();
	}

	/**
	 * The number held now, or null; starts a claim or renewal when one is due.
	 * @param now System.nanoTime
	 */
	@Nullable IdNumber current(long now) {
		Held held = this.held;
		boolean due = (held == null) || now - held.renewAt() >= 0;
		if (due && now - this.nextAttempt >= 0 && !this.closed && this.inFlight.compareAndSet(false, true)) {
			try {
				this.executor.execute(this::claimOrRenew);
			}
			catch (RuntimeException ex) {
				this.inFlight.set(false);
				throw ex;
			}
		}
		return (held != null && now - held.deadline() < 0) ? held.number() : null;
	}

	/** Stops claiming and renewing; the number counts until its deadline. */
	@Override
	public void close() {
		this.closed = true;
	}

	private void claimOrRenew() {
		long sent = this.nanos.getAsLong();
		try {
			Held held = this.held;
			if (held == null || !renew(held, sent)) {
				claim(held, sent);
			}
		}
		catch (UnsupportedOperationException ex) {
			// a broker that has no instance numbers to give (a custom or test one):
			// asking
			// again changes nothing
			this.closed = true;
			logger.info("async-task's broker hands out no instance numbers of task ids ({}): task ids stay "
					+ "26-character ULIDs", ex.getMessage());
		}
		catch (RuntimeException ex) {
			if (!this.reachability.isReached()) {
				this.nextAttempt = this.nanos.getAsLong() + this.backoff.next().toNanos();
				this.reachability.unreachable("Claiming an instance number of task ids", ex);
				return;
			}
			failed("the call to Redis failed: " + ex.getMessage(), ex);
		}
		finally {
			this.inFlight.set(false);
		}
	}

	/** Renews the number: keeps it when Redis still has it as ours. */
	private boolean renew(Held held, long sent) {
		IdNumber number = held.number();
		Duration lease = Duration.ofNanos(this.leaseNanos);
		long horizon = Math.max(this.clock.millis(), number.after() + 1) + lease.toMillis();
		Long stored = this.claims.renew(this.instanceId, number.number(), lease, horizon);
		if (stored == null) {
			logger.debug("Instance number {} of task ids was lost; claiming one again", number.number());
			this.held = null;
			return false;
		}
		// nobody else wrote the horizon since our claim: all of it is ours to use
		hold(new IdNumber(number.number(), number.after(), stored), sent);
		return true;
	}

	private void claim(@Nullable Held previous, long sent) {
		int from = (previous != null) ? previous.number().number()
				: ThreadLocalRandom.current().nextInt(IdNumber.COUNT);
		IdNumber number = this.claims.claim(this.instanceId, from, Duration.ofNanos(this.leaseNanos),
				this.clock.millis());
		if (number == null) {
			failed("all " + IdNumber.COUNT + " instance numbers are held", null);
			return;
		}
		hold(number, sent);
	}

	private void hold(IdNumber number, long sent) {
		this.reachability.reached();
		this.backoff.reset();
		this.held = new Held(number, sent + this.leaseNanos / 2, sent + this.leaseNanos - this.leaseNanos / 10);
		if (this.warned) {
			this.warned = false;
			logger.info("async-task holds instance number {} of task ids again: new task ids are 14 characters",
					number.number());
		}
	}

	private void failed(String reason, @Nullable Exception ex) {
		Duration wait = this.backoff.next();
		this.nextAttempt = this.nanos.getAsLong() + wait.toNanos();
		if (this.closed) {
			return;
		}
		if (!this.warned) {
			this.warned = true;
			logger.warn("async-task could not claim or renew an instance number of task ids ({}): while it holds "
					+ "none, new task ids are 26-character ULIDs, as unique but some 30 bytes more per queued task "
					+ "in Redis; retrying after {} ms, doubling up to {} s", reason, wait.toMillis(),
					ReconnectBackoff.MAX.toSeconds());
		}
		else {
			logger.debug("Claiming an instance number of task ids failed again: {}", reason, ex);
		}
	}

	static void newThread(Runnable task) {
		Thread thread = new Thread(task, "asynctask-ids");
		thread.setDaemon(true);
		thread.start();
	}

	/**
	 * A number held: renew from {@code renewAt}, use until {@code deadline} (both
	 * System.nanoTime).
	 */
	private record Held(IdNumber number, long renewAt, long deadline) {
	}

}
