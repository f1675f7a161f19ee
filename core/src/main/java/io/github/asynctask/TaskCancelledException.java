package io.github.asynctask;

/**
 * The task behind a result future was cancelled ({@link AsyncTaskTemplate#cancel}, the
 * console's kill): it never ran, or its body was stopped. A {@link TaskFailedException},
 * so code catching that still sees it end.
 */
public class TaskCancelledException extends TaskFailedException {

	/** How the stored reason of a cancelled task starts. */
	public static final String REASON_PREFIX = "cancelled";

	public TaskCancelledException(String taskId, String taskName, String reason) {
		super("Task '" + taskName + "' (id " + taskId + ") was " + reason, taskId, taskName, reason);
	}

	/** Whether a dead task's last error says it was cancelled. */
	public static boolean isCancelReason(String lastError) {
		return lastError.startsWith(REASON_PREFIX);
	}

	/**
	 * The exception a future of a dead task ends with: this one when its reason says it
	 * was cancelled, else a {@link TaskFailedException}.
	 */
	public static TaskFailedException of(String taskId, String taskName, String lastError) {
		return isCancelReason(lastError) ? new TaskCancelledException(taskId, taskName, lastError)
				: new TaskFailedException(taskId, taskName, lastError);
	}

}
