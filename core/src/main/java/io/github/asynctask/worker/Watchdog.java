package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Enforces attempt timeouts for all queues on one thread: at the deadline it interrupts
 * the body; if the body ignores the interrupt for a grace ({@link #HUNG_GRACE}), it tells
 * the attempt it hung (logged and counted; the attempt keeps its lease and thread until
 * the body returns, so the task never runs twice at once on live instances).
 * <p>
 * Watching costs a set insert and remove per attempt and no wake-up: the thread sleeps
 * until the earliest deadline it saw (at most {@link #MAX_SLEEP}), and a new attempt
 * wakes it only when its deadline is earlier still. A timer queue per attempt (as
 * {@code ScheduledThreadPoolExecutor} keeps) woke this thread for about every second
 * short task, which showed as one context switch per two tasks under load.
 */
final class Watchdog {

	private static final Logger logger = LoggerFactory.getLogger(Watchdog.class);

	/** How long an interrupted body may take to stop before it is reported hung. */
	static final Duration HUNG_GRACE = Duration.ofSeconds(5);

	/** Longest sleep, so a scan of the watched attempts happens at least this often. */
	private static final Duration MAX_SLEEP = Duration.ofSeconds(1);

	private final long hungGrace;

	private final long maxSleep;

	private final Set<Watch> watches = ConcurrentHashMap.newKeySet();

	private volatile boolean running = true;

	/**
	 * When the thread wakes next (System.nanoTime); written by the watchdog thread, read
	 * by {@link #watch} to decide whether a new deadline needs an early wake-up.
	 */
	private volatile long nextCheck = System.nanoTime();

	/** Started by the first {@link #watch}, so a container never started has none. */
	private volatile @Nullable Thread thread;

	Watchdog() {
		this(HUNG_GRACE, MAX_SLEEP);
	}

	Watchdog(Duration hungGrace, Duration maxSleep) {
		this.hungGrace = hungGrace.toNanos();
		this.maxSleep = maxSleep.toNanos();
	}

	/**
	 * Watch one attempt.
	 * @param onHung called on the watchdog thread when the body did not stop after its
	 * interrupt
	 * @return a handle to cancel when the body returns
	 */
	Watch watch(RunningTask task, Duration timeout, Runnable onHung) {
		return watch(task, timeout, (ignored) -> onHung.run());
	}

	/**
	 * Watch one attempt.
	 * @param onHung called on the watchdog thread, given {@code timeout}, when the body
	 * did not stop after its interrupt (a callback the caller holds anyway, so a watch
	 * allocates no lambda of its own)
	 * @return a handle to cancel when the body returns
	 */
	Watch watch(RunningTask task, Duration timeout, Consumer<Duration> onHung) {
		// saturates: a timeout of centuries (a payload's "to" may say so) means never
		long due = System.nanoTime() + TimeUnit.NANOSECONDS.convert(timeout);
		Watch watch = new Watch(task, due, timeout, onHung);
		this.watches.add(watch);
		Thread thread = startedThread();
		if (thread != null && due - this.nextCheck < 0) {
			LockSupport.unpark(thread);
		}
		return watch;
	}

	void shutdown() {
		this.running = false;
		Thread thread = this.thread;
		if (thread != null) {
			LockSupport.unpark(thread);
		}
	}

	private @Nullable Thread startedThread() {
		Thread thread = this.thread;
		if (thread == null) {
			synchronized (this) {
				if (this.thread == null && this.running) {
					this.thread = Daemons.start("asynctask-watchdog", this::loop);
				}
				thread = this.thread;
			}
		}
		return thread;
	}

	private void loop() {
		while (this.running) {
			long now = System.nanoTime();
			// pessimistic first: a deadline added during the scan wakes the thread
			this.nextCheck = now + this.maxSleep;
			long next = now + this.maxSleep;
			for (Watch watch : this.watches) {
				long due = watch.check(now);
				if (due - next < 0) {
					next = due;
				}
			}
			this.nextCheck = next;
			LockSupport.parkNanos(this, next - now);
		}
	}

	/** One watched attempt; {@link #cancel()} when the body returned. */
	final class Watch {

		private final RunningTask task;

		private final Duration timeout;

		private final Consumer<Duration> onHung;

		/**
		 * The deadline, then the end of the hung grace; owned by the watchdog thread
		 * after construction.
		 */
		private long due;

		private boolean interrupted;

		private Watch(RunningTask task, long due, Duration timeout, Consumer<Duration> onHung) {
			this.task = task;
			this.due = due;
			this.timeout = timeout;
			this.onHung = onHung;
		}

		void cancel() {
			Watchdog.this.watches.remove(this);
		}

		/** Act if due; returns when this watch is due next. */
		private long check(long now) {
			if (now - this.due < 0) {
				return this.due;
			}
			if (!this.interrupted) {
				this.interrupted = true;
				this.task.markTimedOut();
				this.task.interruptBody();
				this.due = now + Watchdog.this.hungGrace;
				return this.due;
			}
			cancel();
			try {
				this.onHung.accept(this.timeout);
			}
			catch (RuntimeException ex) {
				logger.error("Ending the hung attempt of task '{}' (id {}) failed", this.task.delivery().name(),
						this.task.id(), ex);
			}
			return now + Watchdog.this.maxSleep;
		}

	}

}
