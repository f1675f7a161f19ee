package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A sticky wake-up: a signal given while nobody waits is kept until the next wait, so a
 * wake-up published between "the queue looked empty" and "start waiting" is not lost.
 */
final class Signal {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition raised = this.lock.newCondition();

	/** Guarded by {@link #lock}. */
	private boolean pending;

	/** Wake the waiter, or the next one to wait. Never blocks for long. */
	void raise() {
		this.lock.lock();
		try {
			this.pending = true;
			this.raised.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Wait until raised or the timeout passes, consuming the signal.
	 * @return whether the signal was raised
	 */
	boolean await(Duration timeout) throws InterruptedException {
		long nanos = timeout.toNanos();
		this.lock.lock();
		try {
			while (!this.pending && nanos > 0) {
				nanos = this.raised.awaitNanos(nanos);
			}
			boolean wasRaised = this.pending;
			this.pending = false;
			return wasRaised;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Wait without throwing; an interrupt ends the wait and stays set. */
	boolean awaitQuietly(Duration timeout) {
		try {
			return await(timeout);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
