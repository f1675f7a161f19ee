package io.github.asynctask.reliability;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.context.TaskContext;

/**
 * The children and callbacks of the batch scenario ({@code batches=true}). A callback
 * writes {@code CALLBACK ms id batch kind} to the ledger when its body starts and works
 * long enough for the test to kill its JVM mid-run.
 */
public class BatchTasks {

	static final String CHILD = "rel.batch.child";

	static final String DOOMED = "rel.batch.doomed";

	static final String CALLBACK = "rel.batch.callback";

	/** How long a callback's body works. */
	static final long CALLBACK_MILLIS = 2500;

	private final Ledger ledger;

	public BatchTasks(Ledger ledger) {
		this.ledger = ledger;
	}

	/** A child that works for {@code millis}. */
	@AsyncTask(name = CHILD, queue = ReliabilityTasks.QUEUE, maxRetries = 5)
	public void child(String key, long millis) {
		sleep(millis);
	}

	/** A child that always throws and goes dead at once. */
	@AsyncTask(name = DOOMED, queue = ReliabilityTasks.QUEUE, maxRetries = 0)
	public void doomed(String key) {
		throw new IllegalStateException("doomed child " + key);
	}

	/** A batch callback: {@code kind} is success, complete or death. */
	@AsyncTask(name = CALLBACK, queue = ReliabilityTasks.QUEUE, maxRetries = 5)
	public void callback(String batch, String kind) {
		this.ledger.record("CALLBACK", TaskContext.current().taskId(), batch, kind);
		sleep(CALLBACK_MILLIS);
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
