package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One permit per worker thread of a queue. The fetcher takes permits before it dequeues,
 * so it never takes a task no thread is free to start: work waits in Redis, where an idle
 * instance can take it, not in local memory.
 * <p>
 * A fetcher waiting for permits is woken only once as many are free as it asked for, not
 * at every release: while a backlog drains through short bodies it gathers several
 * permits for one fetch ({@link #acquireGathered}) instead of waking, and calling Redis,
 * for each body that ends.
 */
final class Permits {

	private final int total;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition released = this.lock.newCondition();

	/** Guarded by lock. */
	private int free;

	/**
	 * Guarded by lock: how many free permits wake the waiting fetcher; 0 when none waits.
	 */
	private int wakeAt;

	Permits(int total) {
		this.total = total;
		this.free = total;
	}

	/**
	 * Wait up to {@code timeout} for one free permit, then take every other free one.
	 * @return how many were taken; 0 when none came free in time
	 */
	int acquireAvailable(Duration timeout) throws InterruptedException {
		return acquire(1, timeout.toNanos());
	}

	/**
	 * Wait up to {@code linger} for {@code gather} free permits, then take every free
	 * one; when none is free by then, wait as {@link #acquireAvailable} does.
	 * @return how many were taken; 0 when none came free in time
	 */
	int acquireGathered(int gather, Duration linger, Duration timeout) throws InterruptedException {
		int taken = acquire(Math.min(Math.max(gather, 1), this.total), linger.toNanos());
		return (taken > 0) ? taken : acquire(1, timeout.toNanos());
	}

	/**
	 * Wait up to {@code nanos} for {@code wanted} free permits, then take all free ones.
	 */
	private int acquire(int wanted, long nanos) throws InterruptedException {
		this.lock.lockInterruptibly();
		try {
			long left = nanos;
			while (this.free < wanted && left > 0) {
				this.wakeAt = wanted;
				try {
					left = this.released.awaitNanos(left);
				}
				finally {
					this.wakeAt = 0;
				}
			}
			int taken = this.free;
			this.free = 0;
			return taken;
		}
		finally {
			this.lock.unlock();
		}
	}

	void release(int count) {
		if (count <= 0) {
			return;
		}
		this.lock.lock();
		try {
			this.free += count;
			if (this.wakeAt > 0 && this.free >= this.wakeAt) {
				this.released.signal();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Permits held by running deliveries. */
	int busy() {
		this.lock.lock();
		try {
			return this.total - this.free;
		}
		finally {
			this.lock.unlock();
		}
	}

	int total() {
		return this.total;
	}

}
