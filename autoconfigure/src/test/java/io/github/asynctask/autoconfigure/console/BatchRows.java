package io.github.asynctask.autoconfigure.console;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.context.TaskContext;

/**
 * The tasks of the console's batch tests: rows of an import (a negative row dies at once
 * until {@link #healed}), and a long row that reports its progress and runs, even once
 * cancelled, until {@link #release}d.
 */
public class BatchRows {

	static volatile boolean healed;

	static volatile CountDownLatch release = new CountDownLatch(1);

	static void reset() {
		healed = false;
		release = new CountDownLatch(1);
	}

	@AsyncTask(name = "import.row", queue = "rows", maxRetries = 0)
	public void importRow(long row) {
		if (row < 0 && !healed) {
			throw new IllegalStateException("row " + row + " is unreadable: 3 columns, 5 expected");
		}
	}

	@AsyncTask(name = "import.long-row", queue = "rows", maxRetries = 0)
	public void longRow(long row) {
		TaskContext.current().progress(40, "row 4 of 10");
		// a body slow to stop: it runs on, cancelled, until the test releases it
		while (true) {
			try {
				if (release.await(50, TimeUnit.MILLISECONDS)) {
					return;
				}
			}
			catch (InterruptedException ex) {
				// the cancel's interrupt: ignored here, so the page can show the cancel
			}
		}
	}

}
