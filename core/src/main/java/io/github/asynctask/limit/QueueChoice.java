package io.github.asynctask.limit;

import java.util.List;

/**
 * The order in which a fetcher serving several queues tries them on its next fetch: the
 * fetch takes from the first queue as many tasks as there are free threads, then from the
 * next for what the first did not have, and so on. Stateless or thread-confined to one
 * fetcher.
 */
public interface QueueChoice {

	/** The queues in the order to try them now; every queue exactly once. */
	List<String> order();

	/** One queue: always that queue. */
	static QueueChoice single(String queue) {
		List<String> only = List.of(queue);
		return () -> only;
	}

}
