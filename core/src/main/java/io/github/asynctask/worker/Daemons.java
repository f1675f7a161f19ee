package io.github.asynctask.worker;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Starting and joining the runtime's own named daemon threads (fetchers, agents, the ack
 * sender), so each of them reads as what it does.
 */
final class Daemons {

	private Daemons() {
	}

	/** Start {@code body} on a new daemon thread called {@code name}. */
	static Thread start(String name, Runnable body) {
		Thread thread = new Thread(body, name);
		thread.setDaemon(true);
		thread.start();
		return thread;
	}

	/**
	 * Wait up to {@code timeout} for {@code thread} to end; returns at once for no thread
	 * or the calling one. An interrupt ends the wait and is kept.
	 */
	static void join(@Nullable Thread thread, Duration timeout) {
		if (thread == null || thread == Thread.currentThread()) {
			return;
		}
		try {
			thread.join(Math.max(1, timeout.toMillis()));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
