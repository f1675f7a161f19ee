package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.AsyncTaskException;

/**
 * An attempt ran longer than its task's timeout; its thread was interrupted and the
 * attempt counts as failed.
 */
public class TaskTimeoutException extends AsyncTaskException {

	public TaskTimeoutException(String taskName, String taskId, Duration timeout) {
		super("Task '" + taskName + "' (id " + taskId + ") ran longer than its timeout of " + timeout
				+ " and was interrupted; raise @AsyncTask(timeout) if it needs more time");
	}

}
