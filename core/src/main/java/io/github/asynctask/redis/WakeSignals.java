package io.github.asynctask.redis;

import java.util.Collection;

/**
 * Subscription to the wake-up channels the scripts publish on.
 */
public interface WakeSignals extends AutoCloseable {

	/**
	 * Start listening on the channels of these queues; callbacks run on a Redis client
	 * thread and must not block.
	 */
	void subscribe(Collection<String> queues, WakeListener listener);

	/** Stop listening. */
	@Override
	void close();

}
