package io.github.asynctask.autoconfigure.batch;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchValues;
import io.github.asynctask.annotation.AsyncTask;

/**
 * The tasks of the batch tests: rows imported on two queues (a negative row goes dead at
 * once), and the callbacks, which record each run.
 */
public class Imports {

	static final Map<Long, AtomicInteger> rows = new ConcurrentHashMap<>();

	static final List<String> callbacks = new CopyOnWriteArrayList<>();

	/** Set by a test whose children add children (the template, this bean's proxy). */
	static volatile AsyncTaskTemplate template;

	static volatile Imports proxy;

	/** Holds import.stuck's body, deaf to interrupts, until a test counts it down. */
	static volatile CountDownLatch stuck = new CountDownLatch(1);

	/**
	 * Set by a test whose dead rows are fixed and retried: a negative row imports then.
	 */
	static volatile boolean fixed;

	static void reset() {
		fixed = false;
		stuck.countDown();
		stuck = new CountDownLatch(1);
		rows.clear();
		callbacks.clear();
	}

	static int runs() {
		return rows.values().stream().mapToInt(AtomicInteger::get).sum();
	}

	@AsyncTask(name = "import.row", queue = "rows", maxRetries = 0)
	public void importRow(long row) {
		if (row < 0 && !fixed) {
			throw new IllegalStateException("row " + row + " is unreadable");
		}
		rows.computeIfAbsent(row, (key) -> new AtomicInteger()).incrementAndGet();
	}

	@AsyncTask(name = "import.follow-ups", queue = "rows")
	public void importWithFollowUps(long row) {
		String batchId = template.currentBatchId().orElseThrow();
		template.addToBatch(batchId, () -> proxy.importRow(10));
		template.addToBatch(batchId, () -> proxy.importRow(11));
		rows.computeIfAbsent(row, (key) -> new AtomicInteger()).incrementAndGet();
	}

	@AsyncTask(name = "import.stuck", queue = "rows", maxRetries = 0)
	public void stuck(long row) {
		CountDownLatch latch = stuck;
		while (latch.getCount() > 0) {
			try {
				latch.await();
			}
			catch (InterruptedException ex) {
				// deaf to the heartbeat's interrupt: only the test ends it
			}
		}
		rows.computeIfAbsent(row, (key) -> new AtomicInteger()).incrementAndGet();
	}

	/** A child whose body starts a batch of its own: one more child of its batch. */
	@AsyncTask(name = "import.nested", queue = "rows")
	public void nested(long row) {
		template.batch(BatchOptions.named("in-child-" + row).onSuccess(() -> proxy.callback("child-inner")), () -> {
			proxy.importRow(row);
			proxy.importRow(row + 1);
		});
	}

	@AsyncTask(name = "import.priced", queue = "rows")
	public CompletableFuture<Long> priced(long row) {
		rows.computeIfAbsent(row, (key) -> new AtomicInteger()).incrementAndGet();
		return CompletableFuture.completedFuture(row * 10);
	}

	/**
	 * A callback reading its batch's values page by page: records "sum <values> <total>".
	 */
	@AsyncTask(name = "import.sum", queue = "callbacks")
	public void sum() {
		String batchId = template.currentBatchId().orElseThrow();
		long sum = 0;
		int values = 0;
		int pages = 0;
		String cursor = "0";
		do {
			BatchValues page = template.batchValues(batchId, cursor, 10);
			for (BatchValues.Value value : page.values()) {
				sum += Long.parseLong(value.json());
				values++;
			}
			pages++;
			cursor = page.nextCursor();
		}
		while (!"0".equals(cursor));
		callbacks.add("sum " + values + " " + sum + ((pages > 1) ? " paged" : ""));
	}

	@AsyncTask(name = "import.audit", queue = "audit")
	public void audit(long row) {
		rows.computeIfAbsent(row, (key) -> new AtomicInteger()).incrementAndGet();
	}

	@AsyncTask(name = "import.callback", queue = "callbacks")
	public void callback(String what) {
		callbacks.add(what);
	}

}
