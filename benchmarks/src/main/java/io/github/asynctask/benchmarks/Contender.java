package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.List;

/**
 * One system under test, opened for one measurement against the shared Redis (a fresh
 * instance per repetition, so no state leaks between runs). Every task it runs calls
 * {@link Probe#hit(String)} with the argument it was submitted with.
 */
interface Contender extends AutoCloseable {

	/** The queue every scenario but {@code idle} uses. */
	String QUEUE = "bench";

	/** Submit one no-op task to {@link #QUEUE} now, as a user of the library would. */
	void submit(String arg) throws Exception;

	/**
	 * Submit tasks the way the library batches them (one transaction, one pipeline).
	 * @throws UnsupportedOperationException if it has no batch
	 */
	default void submitBatch(List<String> args) throws Exception {
		throw new UnsupportedOperationException("no batch submit");
	}

	/**
	 * Submit one task that must not start before {@code delay} has passed.
	 * @throws UnsupportedOperationException if it cannot delay tasks
	 */
	default void submitDelayed(String arg, Duration delay) throws Exception {
		throw new UnsupportedOperationException("no delayed tasks");
	}

	/** Start {@code concurrency} worker threads per queue on these queues. */
	void startWorkers(List<String> queues, int concurrency) throws Exception;

	/** Stop workers and clients. */
	@Override
	void close() throws Exception;

}
