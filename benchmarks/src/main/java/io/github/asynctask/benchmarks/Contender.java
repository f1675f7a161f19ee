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

	/**
	 * Submit {@code n} tasks from {@code callers} concurrent callers, each awaiting its
	 * submit before the next; returns the elapsed nanoseconds. By default that many
	 * threads of this JVM call {@link #submit}; a system whose client lives in another
	 * process runs the loop there, so the timing holds no hop to it.
	 */
	default long submitConcurrently(int n, int callers) throws Exception {
		return Producers.onThreads(this, n, callers);
	}

	/**
	 * Submit {@code n} tasks in batches of {@link Producers#BATCH} from one caller;
	 * returns the elapsed nanoseconds.
	 * @throws UnsupportedOperationException if it has no batch
	 */
	default long submitBatches(int n) throws Exception {
		return Producers.inBatches(this, n);
	}

	/**
	 * Submit {@code n} tasks from one caller, one every {@code periodNanos}, each
	 * carrying the time just before its submit as its reference.
	 */
	default void submitPaced(int n, long periodNanos) throws Exception {
		Producers.paced(this, n, periodNanos);
	}

	/** Start {@code concurrency} worker threads per queue on these queues. */
	void startWorkers(List<String> queues, int concurrency) throws Exception;

	/** Stop workers and clients. */
	@Override
	void close() throws Exception;

}
