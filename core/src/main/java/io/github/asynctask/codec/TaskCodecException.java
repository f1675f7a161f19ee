package io.github.asynctask.codec;

import io.github.asynctask.AsyncTaskException;

/**
 * A payload could not be written or read; the message names the task and what was wrong.
 */
public class TaskCodecException extends AsyncTaskException {

	public TaskCodecException(String message) {
		super(message);
	}

	public TaskCodecException(String message, Throwable cause) {
		super(message, cause);
	}

}
