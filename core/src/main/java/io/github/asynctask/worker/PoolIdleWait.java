package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.asynctask.redis.PendingWait;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A pool's idle wait: one watcher thread per queue blocks on that queue's wake-up list
 * while the pool's fetcher is idle, and a token on any of them wakes the fetcher. A
 * watcher starts a wait only while the fetcher is idle, so a busy pool does not take the
 * tokens that should wake another instance; a watcher already blocked when the fetcher
 * wakes may still take one token within its timeout, which costs the instance it was
 * meant for at most one poll interval.
 */
final class PoolIdleWait implements IdleWait {

	private static final Logger logger = LoggerFactory.getLogger(PoolIdleWait.class);

	private final String name;

	private final List<PendingWait> waits;

	private final Signal wakeUp;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition idleChanged = this.lock.newCondition();

	/** Guarded by lock: the fetcher's current idle wait, or null while it fetches. */
	private @Nullable Duration idleFor;

	/** Guarded by lock. */
	private boolean closed;

	private final List<Thread> watchers = new ArrayList<>();

	PoolIdleWait(String name, List<PendingWait> waits, Signal wakeUp) {
		this.name = name;
		this.waits = List.copyOf(waits);
		this.wakeUp = wakeUp;
	}

	@Override
	public void await(Duration timeout) {
		startWatchers();
		setIdle(timeout);
		try {
			this.wakeUp.awaitQuietly(timeout);
		}
		finally {
			setIdle(null);
		}
	}

	private void setIdle(@Nullable Duration timeout) {
		this.lock.lock();
		try {
			this.idleFor = timeout;
			this.idleChanged.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	private synchronized void startWatchers() {
		if (!this.watchers.isEmpty()) {
			return;
		}
		for (int i = 0; i < this.waits.size(); i++) {
			PendingWait wait = this.waits.get(i);
			this.watchers.add(Daemons.start("asynctask-wake-" + this.name + "-" + (i + 1), () -> watch(wait)));
		}
	}

	private void watch(PendingWait wait) {
		while (true) {
			Duration timeout = awaitIdle();
			if (timeout == null) {
				return;
			}
			try {
				if (wait.await(timeout)) {
					this.wakeUp.raise();
				}
			}
			catch (RuntimeException ex) {
				// the fetcher polls on its own timeout; try again on its next idle wait
				logger.debug("Waiting for a wake-up in pool '{}' failed", this.name, ex);
				pause(timeout);
			}
		}
	}

	/** The fetcher's idle timeout once it is idle; null once closed. */
	private @Nullable Duration awaitIdle() {
		this.lock.lock();
		try {
			while (!this.closed && this.idleFor == null) {
				this.idleChanged.awaitUninterruptibly();
			}
			return this.closed ? null : this.idleFor;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Sleep until {@code timeout} passes or this wait is closed. */
	private void pause(Duration timeout) {
		long nanos = timeout.toNanos();
		this.lock.lock();
		try {
			while (!this.closed && nanos > 0) {
				nanos = this.idleChanged.awaitNanos(nanos);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void close() {
		this.lock.lock();
		try {
			this.closed = true;
			this.idleChanged.signalAll();
		}
		finally {
			this.lock.unlock();
		}
		this.waits.forEach(PendingWait::close);
	}

}
