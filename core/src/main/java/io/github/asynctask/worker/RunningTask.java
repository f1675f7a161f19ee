package io.github.asynctask.worker;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import io.github.asynctask.context.TaskContext;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.DeliveryToken;
import org.jspecify.annotations.Nullable;

/**
 * One delivery held by this instance, from fetch until its report reached Redis. Two
 * threads may try to end it (the pool thread when the body returns, shutdown when time is
 * up, or before the body started); {@link #claim()} lets exactly one of them report, so a
 * delivery is never acked twice. The one exception is a success after shutdown handed the
 * delivery back, which is still sent so Redis remembers it.
 */
final class RunningTask {

	private final Delivery delivery;

	private final DeliveryToken key;

	/** 1 once claimed; an updater on a plain field, not an AtomicBoolean per delivery. */
	private static final AtomicIntegerFieldUpdater<RunningTask> CLAIMED = AtomicIntegerFieldUpdater
		.newUpdater(RunningTask.class, "claimed");

	private volatile int claimed;

	/** What the body sees as TaskContext.current(): cancel flag and progress. */
	private final TaskContext context;

	/** The pool thread while the body runs, else null; written by that thread. */
	private volatile @Nullable Thread bodyThread;

	/**
	 * Set by the heartbeat when the lease was taken away; a late failure is not reported
	 * (a late success is).
	 */
	private volatile boolean stale;

	/** Set by the watchdog when the attempt ran past its timeout. */
	private volatile boolean timedOut;

	/** Set by the watchdog when the body ignored its timeout interrupt for the grace. */
	private volatile boolean hung;

	/**
	 * Set by shutdown before it hands a running delivery back, so a success arriving
	 * after that is still reported.
	 */
	private volatile boolean handedBack;

	/**
	 * Until when the lease is surely ours (System.nanoTime); renewed by the heartbeat.
	 */
	private volatile long leaseValidUntil;

	RunningTask(Delivery delivery, long leaseValidUntil) {
		this.delivery = delivery;
		this.key = delivery.deliveryToken();
		this.context = new TaskContext(delivery.id(), delivery.name());
		this.leaseValidUntil = leaseValidUntil;
	}

	Delivery delivery() {
		return this.delivery;
	}

	String id() {
		return this.delivery.id();
	}

	/** Tells this delivery apart from other deliveries of the same task. */
	DeliveryToken key() {
		return this.key;
	}

	TaskContext context() {
		return this.context;
	}

	/** Take the right to end this delivery; true for exactly one caller. */
	boolean claim() {
		return CLAIMED.compareAndSet(this, 0, 1);
	}

	boolean isClaimed() {
		return this.claimed == 1;
	}

	void bodyThread(@Nullable Thread thread) {
		this.bodyThread = thread;
	}

	/** Interrupt the body if it is still running. */
	void interruptBody() {
		Thread thread = this.bodyThread;
		if (thread != null) {
			thread.interrupt();
		}
	}

	void markStale() {
		this.stale = true;
	}

	boolean isStale() {
		return this.stale;
	}

	void markTimedOut() {
		this.timedOut = true;
	}

	boolean isTimedOut() {
		return this.timedOut;
	}

	void markHung() {
		this.hung = true;
	}

	boolean isHung() {
		return this.hung;
	}

	void markHandedBack() {
		this.handedBack = true;
	}

	boolean isHandedBack() {
		return this.handedBack;
	}

	long leaseValidUntil() {
		return this.leaseValidUntil;
	}

	void leaseValidUntil(long nanos) {
		this.leaseValidUntil = nanos;
	}

}
