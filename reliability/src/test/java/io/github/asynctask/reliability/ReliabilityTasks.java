package io.github.asynctask.reliability;

import io.github.asynctask.annotation.AsyncTask;

/**
 * The task bodies the worker JVMs run: work of a given length, a body that always throws,
 * one that halts its JVM, one with a typed argument; and a public method that is not a
 * task.
 */
public class ReliabilityTasks {

	/** The one queue of the suite. */
	static final String QUEUE = "rel";

	static final String WORK = "rel.work";

	static final String FAIL = "rel.fail";

	static final String CRASH = "rel.crash";

	static final String ORDER = "rel.order";

	static final String SHORT_DEDUP = "rel.shortDedup";

	/** Longer than the stored error text may be, to prove it is bounded. */
	static final int LONG_MESSAGE = 100_000;

	/** Works for {@code millis}. */
	@AsyncTask(name = WORK, queue = QUEUE, maxRetries = 5)
	public void work(String key, long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("work " + key + " interrupted", ex);
		}
	}

	/**
	 * Works for {@code millis}, deduplicated by {@code key} for only 1 s: shorter than
	 * most runs.
	 */
	@AsyncTask(name = SHORT_DEDUP, queue = QUEUE, maxRetries = 0, bizId = "#key", dedupTtl = "1s")
	public void shortDedup(String key, long millis) {
		work(key, millis);
	}

	/** Always throws, with a huge message. */
	@AsyncTask(name = FAIL, queue = QUEUE, maxRetries = 2)
	public void fail(String key) {
		throw new IllegalStateException("poison " + key + " " + "x".repeat(LONG_MESSAGE));
	}

	/** Takes its whole JVM down, as a native crash or the OOM killer would. */
	@AsyncTask(name = CRASH, queue = QUEUE, maxRetries = 1)
	public void crash(String key) {
		Runtime.getRuntime().halt(97);
	}

	/** A body with a typed argument. */
	@AsyncTask(name = ORDER, queue = QUEUE, maxRetries = 0)
	public void order(Order order) {
		if (order.quantity() < 0) {
			throw new IllegalArgumentException("negative quantity in " + order);
		}
	}

	/** Public but not a task: nothing in Redis may make a worker call it. */
	public void notATask(String key) {
		Gadget.touch();
	}

	/**
	 * A typed argument.
	 *
	 * @param id the order id
	 * @param quantity how many
	 */
	public record Order(String id, int quantity) {
	}

}
