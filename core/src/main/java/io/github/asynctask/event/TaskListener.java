package io.github.asynctask.event;

import java.time.Duration;

/**
 * Told what happens to tasks on this instance. Every method has a no-op default; calls
 * come from submitting or worker threads and must be quick and must not throw.
 */
public interface TaskListener {

	/** A listener that does nothing. */
	TaskListener NO_OP = new TaskListener() {
	};

	/** A task was recorded in Redis (pending or scheduled). */
	default void submitted(String queue, String task) {
	}

	/** A submit was dropped because its bizId is remembered. */
	default void deduplicated(String queue, String task) {
	}

	/** A worker started an attempt. */
	default void started(String queue, String task) {
	}

	/** An attempt succeeded after running for {@code duration}. */
	default void completed(String queue, String task, Duration duration) {
	}

	/**
	 * An attempt failed after running for {@code duration}; {@code willRetry} tells if
	 * another follows.
	 */
	default void failed(String queue, String task, Duration duration, Throwable error, boolean willRetry) {
	}

	/**
	 * A fetch from a rate-limited queue found its limit reached while tasks were pending;
	 * the fetcher waits {@code wait} for the next permit.
	 */
	default void rateLimited(String queue, Duration wait) {
	}

	/**
	 * A fetch passed over pending tasks of the queue because their concurrency key ran as
	 * many tasks as it may.
	 */
	default void concurrencyKeyBlocked(String queue) {
	}

	/**
	 * An attempt ran past its {@code timeout} and ignored the interrupt: it keeps its
	 * lease and its thread until the body returns, and is not delivered again meanwhile.
	 */
	default void hung(String queue, String task, Duration timeout) {
	}

	/**
	 * A submit was refused because the queue held its {@code max-backlog}
	 * ({@link io.github.asynctask.QueueFullException}).
	 */
	default void rejected(String queue, String task) {
	}

	/** A task was scheduled for another attempt. */
	default void retried(String queue, String task) {
	}

	/** A task was moved to dead with the reason. */
	default void dead(String queue, String task, String reason) {
	}

	/**
	 * The janitor dropped the oldest dead tasks of the queue because it held more than
	 * {@code async-task.retention.dead-max}.
	 */
	default void deadDropped(String queue, int count) {
	}

	/** The number of committed submits waiting to be re-sent to Redis changed. */
	default void resendBufferSize(int size) {
	}

}
