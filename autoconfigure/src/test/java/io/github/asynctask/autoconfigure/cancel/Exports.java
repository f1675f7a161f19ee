package io.github.asynctask.autoconfigure.cancel;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.context.TaskContext;

/** Task methods the cancel, progress and debounce tests run. */
public class Exports {

	/** Bodies of {@link #export} started, across attempts. */
	static final AtomicInteger started = new AtomicInteger();

	/** Set when a body of {@link #export} saw itself cancelled. */
	static volatile boolean sawCancelled;

	/** Opened by a test to let {@link #report} return. */
	static volatile CountDownLatch reported = new CountDownLatch(1);

	/** Runs of {@link #later}; a cancelled one must never run. */
	static final AtomicInteger laterRuns = new AtomicInteger();

	static void reset() {
		started.set(0);
		sawCancelled = false;
		reported = new CountDownLatch(1);
		laterRuns.set(0);
	}

	@AsyncTask(name = "export.run", queue = "exports", maxRetries = 3)
	public CompletableFuture<Long> export(long rows) {
		started.incrementAndGet();
		TaskContext context = TaskContext.current();
		for (long row = 0; row < rows; row++) {
			if (context.isCancelled()) {
				sawCancelled = true;
				throw new IllegalStateException("export stopped at row " + row);
			}
			context.progress((int) (row * 100 / rows), "row " + row);
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				sawCancelled = context.isCancelled();
				Thread.currentThread().interrupt();
				throw new IllegalStateException("export interrupted at row " + row, ex);
			}
		}
		return CompletableFuture.completedFuture(rows);
	}

	@AsyncTask(name = "export.report", queue = "exports")
	public void report(int times) {
		TaskContext context = TaskContext.current();
		for (int i = 0; i < times; i++) {
			context.progress(i % 101, "step " + i);
		}
		context.progress(42, "waiting for the test");
		try {
			reported.await(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@AsyncTask(name = "export.later", queue = "exports", delay = "1h")
	public CompletableFuture<Long> later(long n) {
		laterRuns.incrementAndGet();
		return CompletableFuture.completedFuture(n);
	}

	@AsyncTask(name = "export.now", queue = "exports")
	public CompletableFuture<Long> now(long n) {
		laterRuns.incrementAndGet();
		return CompletableFuture.completedFuture(n);
	}

}
