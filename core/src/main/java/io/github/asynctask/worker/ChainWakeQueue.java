package io.github.asynctask.worker;

import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * The hand-off between a queue's fetcher and its body threads, waking as few idle threads
 * as the bodies need. A fetch of ten deliveries into a pool of idle threads used to wake
 * ten threads at once. Here, while bodies are short (a moving average below
 * {@link #SLOW_BODY_NANOS}), it wakes one, and that one wakes the next only once it has
 * found work and more is left; a thread whose body ends takes the next delivery without
 * anyone waking it. Short bodies are so run by the few threads already awake (each
 * wake-up is a context switch on both sides, the largest JVM cost of a drained no-op
 * task). Once bodies are slow, every delivery wakes a thread of its own at once, as
 * before, so none waits a chain of wake-ups for a thread.
 * <p>
 * The queue holds at most as many deliveries as the queue has permits (the fetcher takes
 * no more), so it needs no bound of its own. Idle threads wait last-in first-out, so the
 * thread woken is the one whose caches are warmest.
 */
final class ChainWakeQueue extends AbstractQueue<Runnable> implements BlockingQueue<Runnable> {

	/**
	 * A body at least this long (moving average) ends after a woken thread would have
	 * arrived: a thread woken to wait for a short body's end is a thread woken for
	 * nothing, and a delivery waiting for a long one waits in vain.
	 */
	static final long SLOW_BODY_NANOS = 100_000;

	/**
	 * When the calling thread last took an item, 0 when it has none: its body's start.
	 */
	private static final ThreadLocal<long[]> TAKEN_AT = ThreadLocal.withInitial(() -> new long[1]);

	private final ReentrantLock lock = new ReentrantLock();

	/** The bodies' moving average time (1/8 weight per body); written without a lock. */
	private volatile long bodyNanos;

	/** Guarded by lock. */
	private final ArrayDeque<Runnable> items = new ArrayDeque<>();

	/** Guarded by lock: idle threads, the most recent first. */
	private final ArrayDeque<Waiter> idle = new ArrayDeque<>();

	/**
	 * Threads marked woken under the lock, unparked once it is released (a thread woken
	 * while the lock is held would only park again on it).
	 */
	private final ConcurrentLinkedQueue<Thread> toUnpark = new ConcurrentLinkedQueue<>();

	/** Guarded by lock: threads woken that have not yet looked for work. */
	private int waking;

	@Override
	public boolean offer(Runnable item) {
		this.lock.lock();
		try {
			this.items.addLast(item);
			wakeAsNeeded();
		}
		finally {
			this.lock.unlock();
		}
		unparkMarked();
		return true;
	}

	@Override
	public Runnable take() throws InterruptedException {
		Runnable item = poll(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
		if (item == null) {
			throw new IllegalStateException("an unbounded wait ended without an item");
		}
		return item;
	}

	@Override
	public @Nullable Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
		long[] takenAt = TAKEN_AT.get();
		noteBodyEnded(takenAt);
		boolean unbounded = unit.toNanos(timeout) == Long.MAX_VALUE;
		long deadline = System.nanoTime() + unit.toNanos(timeout);
		@Nullable Waiter me = null;
		while (true) {
			@Nullable Runnable item;
			this.lock.lock();
			try {
				boolean wasWoken = me != null && me.woken;
				if (wasWoken) {
					this.waking--;
				}
				else if (me != null) {
					this.idle.remove(me);
				}
				me = null;
				item = this.items.pollFirst();
				if (item != null) {
					if (wasWoken) {
						// found work: what is left may need the next thread
						wakeAsNeeded();
					}
				}
				else if (!Thread.currentThread().isInterrupted() && (unbounded || deadline - System.nanoTime() > 0)) {
					me = new Waiter(Thread.currentThread());
					this.idle.addFirst(me);
				}
			}
			finally {
				this.lock.unlock();
			}
			unparkMarked();
			if (item != null) {
				takenAt[0] = System.nanoTime();
				return item;
			}
			if (me == null) {
				if (Thread.interrupted()) {
					throw new InterruptedException();
				}
				return null;
			}
			if (unbounded) {
				LockSupport.park(this);
			}
			else {
				LockSupport.parkNanos(this, deadline - System.nanoTime());
			}
			if (Thread.interrupted()) {
				leave(me);
				throw new InterruptedException();
			}
		}
	}

	/** The calling thread is back for more: its last item's body took until now. */
	private void noteBodyEnded(long[] takenAt) {
		if (takenAt[0] != 0) {
			long body = System.nanoTime() - takenAt[0];
			long average = this.bodyNanos;
			this.bodyNanos = average + ((body - average) >> 3);
			takenAt[0] = 0;
		}
	}

	/** Whether bodies are slow enough that each delivery wakes a thread at once. */
	boolean slowBodies() {
		return this.bodyNanos >= SLOW_BODY_NANOS;
	}

	/**
	 * An interrupted waiter leaves; a wake-up it was given goes to the next idle thread.
	 */
	private void leave(Waiter me) {
		this.lock.lock();
		try {
			if (me.woken) {
				this.waking--;
				wakeAsNeeded();
			}
			else {
				this.idle.remove(me);
			}
		}
		finally {
			this.lock.unlock();
		}
		unparkMarked();
	}

	/**
	 * Guarded by lock: wake idle threads for the items no woken thread will take; while
	 * bodies are short, only when none is on its way.
	 */
	private void wakeAsNeeded() {
		int wanted = slowBodies() ? this.items.size() - this.waking
				: (this.waking == 0 && !this.items.isEmpty()) ? 1 : 0;
		for (; wanted > 0 && !this.idle.isEmpty(); wanted--) {
			Waiter next = this.idle.pollFirst();
			next.woken = true;
			this.waking++;
			this.toUnpark.add(next.thread);
		}
	}

	/** Unpark the threads marked woken; called with the lock released. */
	private void unparkMarked() {
		for (Thread thread = this.toUnpark.poll(); thread != null; thread = this.toUnpark.poll()) {
			LockSupport.unpark(thread);
		}
	}

	@Override
	public @Nullable Runnable poll() {
		this.lock.lock();
		try {
			return this.items.pollFirst();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public @Nullable Runnable peek() {
		this.lock.lock();
		try {
			return this.items.peekFirst();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void put(Runnable item) {
		offer(item);
	}

	@Override
	public boolean offer(Runnable item, long timeout, TimeUnit unit) {
		return offer(item);
	}

	@Override
	public int remainingCapacity() {
		return Integer.MAX_VALUE;
	}

	@Override
	public int drainTo(Collection<? super Runnable> sink) {
		return drainTo(sink, Integer.MAX_VALUE);
	}

	@Override
	public int drainTo(Collection<? super Runnable> sink, int maxElements) {
		this.lock.lock();
		try {
			int drained = 0;
			while (drained < maxElements && !this.items.isEmpty()) {
				sink.add(this.items.pollFirst());
				drained++;
			}
			return drained;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public boolean remove(Object item) {
		this.lock.lock();
		try {
			return this.items.remove(item);
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public int size() {
		this.lock.lock();
		try {
			return this.items.size();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** A snapshot: the executor only reads it while shutting down. */
	@Override
	public Iterator<Runnable> iterator() {
		List<Runnable> snapshot;
		this.lock.lock();
		try {
			snapshot = new ArrayList<>(this.items);
		}
		finally {
			this.lock.unlock();
		}
		return snapshot.iterator();
	}

	/** One idle thread; woken is set, under the lock, by whoever wakes it. */
	private static final class Waiter {

		final Thread thread;

		boolean woken;

		Waiter(Thread thread) {
			this.thread = thread;
		}

	}

}
