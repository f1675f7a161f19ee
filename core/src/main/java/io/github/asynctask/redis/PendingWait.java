package io.github.asynctask.redis;

import java.time.Duration;

/**
 * One idle fetcher's wait for a wake-up token of its queue: Redis hands each token to one
 * waiter only, so a new task wakes one fetcher of one instance, not all of them.
 */
public interface PendingWait extends AutoCloseable {

	/**
	 * Block until a token arrives or about {@code timeout} passes (whole seconds, at
	 * least one; Redis's blocking timeout).
	 * @return true when a token was taken, false on timeout or after {@link #close()}
	 * @throws RuntimeException when Redis cannot be reached; the caller falls back to
	 * polling
	 */
	boolean await(Duration timeout);

	/** Release the connection; a wait in progress on another thread ends. */
	@Override
	void close();

}
