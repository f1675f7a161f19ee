package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Enforces attempt timeouts for all queues on one thread: at the deadline it interrupts
 * the body; if the body ignores the interrupt for {@link #HUNG_GRACE}, the attempt is
 * ended without it so a hung body cannot hold a worker slot for ever.
 */
final class Watchdog {

	/** How long an interrupted body may take to stop before it is given up on. */
	static final Duration HUNG_GRACE = Duration.ofSeconds(5);

	private final ScheduledThreadPoolExecutor timer;

	Watchdog() {
		this.timer = new ScheduledThreadPoolExecutor(1, (runnable) -> {
			Thread thread = new Thread(runnable, "asynctask-watchdog");
			thread.setDaemon(true);
			return thread;
		});
		this.timer.setRemoveOnCancelPolicy(true);
	}

	/**
	 * Watch one attempt.
	 * @param onHung called on the watchdog thread when the body did not stop after its
	 * interrupt
	 * @return a handle to cancel when the body returns
	 */
	ScheduledFuture<?> watch(RunningTask task, Duration timeout, Runnable onHung) {
		return this.timer.schedule(() -> {
			task.markTimedOut();
			task.interruptBody();
			this.timer.schedule(onHung, HUNG_GRACE.toNanos(), TimeUnit.NANOSECONDS);
		}, timeout.toNanos(), TimeUnit.NANOSECONDS);
	}

	void shutdown() {
		this.timer.shutdownNow();
	}

}
