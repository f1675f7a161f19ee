package io.github.asynctask.autoconfigure.console;

import java.util.Locale;

import io.github.asynctask.autoconfigure.console.BrowseViews.BulkDone;
import io.github.asynctask.autoconfigure.console.TaskOperationException.Reason;
import io.github.asynctask.autoconfigure.console.Views.Done;
import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.CancelOutcome;
import org.jspecify.annotations.Nullable;

/**
 * Operator writes beyond retry and delete: kill a running task, run a scheduled one now,
 * and bulk actions over a state of a queue. The caller checks the write role (and the web
 * console's CSRF protection applies to its POSTs) before calling.
 */
public class TaskActions {

	/**
	 * Most chunks one bulk request runs (each at most {@link BulkActions#CHUNK} tasks),
	 * over all shards of a sharded queue.
	 */
	public static final int MAX_CHUNKS = 500;

	private final BulkActions bulk;

	private final TaskBrowser browser;

	public TaskActions(BulkActions bulk, TaskBrowser browser) {
		this.bulk = bulk;
		this.browser = browser;
	}

	/**
	 * Kill a task through the cancel path
	 * ({@link io.github.asynctask.redis.RedisBroker#cancel}): one that has not run yet,
	 * is scheduled, retrying or waiting never runs; a running one is dead at once and its
	 * worker interrupts the body at its next heartbeat. Dead either way, with a reason
	 * saying where it was killed from and by whom.
	 * @param from where the kill came from ({@code console}, {@code actuator endpoint})
	 * @param user the signed-in user's name, or null when unknown
	 */
	public Done kill(String queue, String id, String from, @Nullable String user) {
		this.browser.checkKnown(queue);
		CancelOutcome outcome = this.browser.broker().cancel(queue, id, killReason(from, user), true);
		if (!outcome.cancelled()) {
			throw new TaskOperationException(Reason.CONFLICT, "Task " + TaskBrowser.cut(id) + " of queue '" + queue
					+ "' is not running nor waiting to run (completed, dead or unknown)");
		}
		return new Done("Task " + id + " of queue '" + queue
				+ "' is dead; a running body is interrupted at its worker's next heartbeat");
	}

	static String killReason(String from, @Nullable String user) {
		return "killed by an operator from the " + from
				+ ((user != null && !user.isBlank()) ? " (user " + TaskBrowser.cut(user) + ")" : "");
	}

	/** Move a scheduled or retrying task to the front of pending. */
	public Done runNow(String queue, String id) {
		this.browser.checkKnown(queue);
		int code = this.browser.shards().onTask(queue, (shard) -> this.bulk.runNow(shard, id));
		if (code == 0) {
			throw new TaskOperationException(Reason.CONFLICT,
					"Task " + TaskBrowser.cut(id) + " of queue '" + queue + "' is neither scheduled nor retrying");
		}
		if (code < 0) {
			throw new TaskOperationException(Reason.CONFLICT,
					"Task " + id + " of queue '" + queue + "' has unreadable data; inspect it, then delete it");
		}
		return new Done("Task " + id + " of queue '" + queue + "' runs next");
	}

	/**
	 * Act on every task of a state, optionally of one task name; on each shard of a
	 * sharded queue in turn, {@link #MAX_CHUNKS} shared by all, reporting the sum.
	 * @param action {@code retry} (dead), {@code run} (scheduled, retry) or
	 * {@code delete} (any but active)
	 */
	public BulkDone bulk(String queue, String state, String action, @Nullable String taskName) {
		this.browser.checkKnown(queue);
		String lowerState = state.toLowerCase(Locale.ROOT);
		String lowerAction = action.toLowerCase(Locale.ROOT);
		boolean run = switch (lowerAction + ":" + lowerState) {
			case "retry:dead", "run:scheduled", "run:retry", "run:dead" -> true;
			case "delete:dead", "delete:scheduled", "delete:retry", "delete:completed", "delete:pending" -> false;
			default -> throw new TaskOperationException(Reason.BAD_REQUEST,
					"bulk actions are retry (dead), run (scheduled, retry) and delete (pending, scheduled, retry, "
							+ "dead, completed); got action '" + TaskBrowser.cut(action) + "' on state '"
							+ TaskBrowser.cut(state) + "'");
		};
		String name = (taskName != null && !taskName.isBlank()) ? taskName : null;
		if (name != null && "pending".equals(lowerState)) {
			throw new TaskOperationException(Reason.BAD_REQUEST,
					"deleting pending tasks takes no task name: they are taken from the front of the list");
		}
		BulkActions.Outcome outcome = this.browser.shards().bulk(this.bulk, queue, lowerState, run, name, MAX_CHUNKS);
		String what = (name != null) ? lowerState + " tasks named '" + TaskBrowser.cut(name) + "'"
				: lowerState + " tasks";
		String message = (run ? "Ran " : "Deleted ") + outcome.acted() + " " + what + " of queue '" + queue + "'"
				+ ((outcome.leftInPlace() > 0) ? "; " + outcome.leftInPlace() + " left in place" : "")
				+ (outcome.finished() ? "" : "; stopped after " + outcome.chunks() + " chunks, repeat for the rest");
		return new BulkDone(message, outcome.acted(), outcome.leftInPlace(), outcome.finished());
	}

}
