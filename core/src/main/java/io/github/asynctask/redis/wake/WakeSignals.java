package io.github.asynctask.redis.wake;

import java.util.Collection;

import io.github.asynctask.redis.PendingWait;

/**
 * How idle agents learn that work may be waiting: the due channels the scripts publish on
 * (for the forwarder), and the wake-up lists idle fetchers wait on (one token wakes one
 * fetcher).
 */
public interface WakeSignals extends AutoCloseable {

	/**
	 * Start listening on the due channels of these queues; callbacks run on a Redis
	 * client thread and must not block.
	 */
	void subscribe(Collection<String> queues, WakeListener listener);

	/**
	 * A wait on the queue's wake-up list for one fetcher; it holds its own connection
	 * while open.
	 */
	PendingWait pendingWait(String queue);

	/** Stop listening. */
	@Override
	void close();

}
