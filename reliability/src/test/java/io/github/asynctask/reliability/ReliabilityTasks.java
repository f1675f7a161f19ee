package io.github.asynctask.reliability;

/**
 * The task bodies the worker JVMs run: work of a given length, a body that always throws,
 * one that halts its JVM, one with a typed argument; and a public method that is not a
 * task.
 */
public class ReliabilityTasks {

	/** Longer than {@code ErrorText.MAX_LENGTH}, to prove the stored error is bounded. */
	static final int LONG_MESSAGE = 100_000;

	/** Works for {@code millis}. */
	public void work(String key, long millis) throws InterruptedException {
		Thread.sleep(millis);
	}

	/** Always throws, with a huge message. */
	public void fail(String key) {
		throw new IllegalStateException("poison " + key + " " + "x".repeat(LONG_MESSAGE));
	}

	/** Takes its whole JVM down, as a native crash or an OOM killer would. */
	public void crash(String key) {
		Runtime.getRuntime().halt(97);
	}

	/** A body with a typed argument. */
	public void order(Order order) {
		if (order.quantity() < 0) {
			throw new IllegalArgumentException("negative quantity in " + order);
		}
	}

	/** Public but never registered: nothing in Redis may make a worker call it. */
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
