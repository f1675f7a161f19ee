package io.github.asynctask;

/**
 * A result future that ends without a value although its task did not go dead: the task
 * never reached Redis (its transaction rolled back, or it was not seen within
 * {@code async-task.results.submit-timeout}), it was deleted, its result expired, or too
 * many futures wait on this instance ({@code async-task.results.max-waiting}).
 * {@link #lastError()} says which.
 */
public class ResultUnavailableException extends TaskFailedException {

	public ResultUnavailableException(String taskId, String taskName, String reason) {
		super("No result for task " + (taskName.isEmpty() ? "" : "'" + taskName + "' ") + "(id " + taskId + "): "
				+ reason, taskId, taskName, reason);
	}

}
