package io.github.asynctask.redis;

/**
 * Told when work may be waiting, so idle fetchers and the forwarder need not poll fast.
 * Wake-ups are hints: they can be lost, so listeners keep a fallback poll.
 */
public interface WakeListener {

	/** Pending of the queue went from empty to non-empty. */
	default void onPending(String queue) {
	}

	/** A scheduled or retry task of the queue became the earliest due. */
	default void onDue(String queue) {
	}

}
