package io.github.asynctask.redis.wake;

/**
 * Told when a scheduled or retry task may have become due earlier than the forwarder
 * planned. Wake-ups are hints: they can be lost, so listeners keep a fallback poll.
 */
public interface WakeListener {

	/** A scheduled or retry task of the queue became the earliest due. */
	default void onDue(String queue) {
	}

}
