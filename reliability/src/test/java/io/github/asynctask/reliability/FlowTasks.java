package io.github.asynctask.reliability;

import io.github.asynctask.annotation.AsyncTask;

/**
 * "Ship after pay" across two queues whose slots live on different masters of the local
 * cluster; a worker JVM (and the producer) has these only with the argument
 * {@code flows=true}, so the other scenarios serve no extra queue.
 */
public class FlowTasks {

	/** Slot 12501: the third master of a 3-master cluster. */
	static final String PAY_QUEUE = "rel.pay";

	/** Slot 694: the first master. */
	static final String SHIP_QUEUE = "rel.ship";

	static final String PAY = "rel.flow.pay";

	static final String SHIP = "rel.flow.ship";

	/** The awaited task: works for {@code millis}. */
	@AsyncTask(name = PAY, queue = PAY_QUEUE, bizId = "#key", maxRetries = 5)
	public void pay(String key, long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("pay " + key + " interrupted", ex);
		}
	}

	/** Runs only after {@link #pay} of the same key completed. */
	@AsyncTask(name = SHIP, queue = SHIP_QUEUE, bizId = "#key", after = PAY, maxRetries = 5)
	public void ship(String key) {
	}

}
