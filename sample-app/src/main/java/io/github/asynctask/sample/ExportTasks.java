package io.github.asynctask.sample;

import java.util.concurrent.CancellationException;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.context.TaskContext;

import org.springframework.stereotype.Component;

/**
 * A long export of the order book that reports its progress and stops when cancelled
 * ({@code POST /exports}, {@code GET /exports/{id}}, {@code POST /exports/{id}/cancel}).
 */
// tag::export[]
@Component
public class ExportTasks {

	private final ActivityLog activity;

	ExportTasks(ActivityLog activity) {
		this.activity = activity;
	}

	@AsyncTask(name = "shop.exportOrders", timeout = "1h")
	public void exportOrders(int pages) {
		TaskContext task = TaskContext.current();
		for (int page = 1; page <= pages; page++) {
			if (task.isCancelled()) {
				// a cancelled task's failure is never retried: it ends dead
				this.activity.record("shop.exportOrders", "export " + task.taskId() + " cancelled at page " + page);
				throw new CancellationException("export " + task.taskId() + " cancelled at page " + page);
			}
			writePage(page);
			// written to Redis at most once per heartbeat, however often it is called
			task.progress(page * 100 / pages, "page " + page + " of " + pages);
		}
		this.activity.record("shop.exportOrders", "export " + task.taskId() + " of " + pages + " pages done");
	}

	private static void writePage(int page) {
		try {
			// one page of the export; the worker interrupts it on cancel
			Thread.sleep(500);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new CancellationException("export interrupted at page " + page);
		}
	}

}
// end::export[]
