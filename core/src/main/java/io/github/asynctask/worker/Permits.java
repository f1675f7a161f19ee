package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One permit per worker thread of a queue. The fetcher takes permits before it dequeues,
 * so it never takes a task no thread is free to start: work waits in Redis, where an idle
 * instance can take it, not in local memory.
 */
final class Permits {

	private final Semaphore semaphore;

	private final int total;

	Permits(int total) {
		this.total = total;
		this.semaphore = new Semaphore(total);
	}

	/**
	 * Wait up to {@code timeout} for one free permit, then take every other free one.
	 * @return how many were taken; 0 when none came free in time
	 */
	int acquireAvailable(Duration timeout) throws InterruptedException {
		if (!this.semaphore.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
			return 0;
		}
		return 1 + this.semaphore.drainPermits();
	}

	void release(int count) {
		if (count > 0) {
			this.semaphore.release(count);
		}
	}

	/** Permits held by running deliveries. */
	int busy() {
		return this.total - this.semaphore.availablePermits();
	}

	int total() {
		return this.total;
	}

}
