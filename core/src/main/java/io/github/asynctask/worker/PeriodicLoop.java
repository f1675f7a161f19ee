package io.github.asynctask.worker;

import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop every periodic agent runs on its own named thread: do one step, sleep for as
 * long as the step asks or until {@link #wake() woken}, and survive failures (Redis down)
 * by retrying after a bounded delay instead of spinning.
 */
final class PeriodicLoop {

	private static final Logger logger = LoggerFactory.getLogger(PeriodicLoop.class);

	/** One round of an agent's work. */
	@FunctionalInterface
	interface Step {

		/** Do the work once; return how long to wait before the next round. */
		Duration run();

	}

	private final String threadName;

	private final Step step;

	private final Duration retryDelay;

	private final Signal signal = new Signal();

	private volatile boolean running;

	private volatile @Nullable Thread thread;

	PeriodicLoop(String threadName, Step step, Duration retryDelay) {
		this.threadName = threadName;
		this.step = step;
		this.retryDelay = retryDelay;
	}

	void start() {
		this.running = true;
		this.thread = Daemons.start(this.threadName, this::loop);
	}

	/** Run the next round now. */
	void wake() {
		this.signal.raise();
	}

	/** Stop after the current round; wait up to {@code timeout} for it to end. */
	void stop(Duration timeout) {
		this.running = false;
		this.signal.raise();
		Daemons.join(this.thread, timeout);
	}

	/** Stop at once without waiting, as a crash would (tests). */
	void halt() {
		this.running = false;
		Thread thread = this.thread;
		if (thread != null) {
			thread.interrupt();
		}
	}

	private void loop() {
		int failures = 0;
		while (this.running) {
			Duration wait;
			try {
				wait = this.step.run();
				failures = 0;
			}
			catch (RuntimeException ex) {
				if (failures++ == 0) {
					logger.warn("{} failed; retrying every {} until it works", this.threadName, this.retryDelay, ex);
				}
				wait = this.retryDelay;
			}
			if (this.running && !wait.isZero() && !wait.isNegative()) {
				if (!this.signal.awaitQuietly(wait) && Thread.currentThread().isInterrupted()) {
					return;
				}
			}
		}
	}

}
