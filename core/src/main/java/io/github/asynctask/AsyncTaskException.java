package io.github.asynctask;

/**
 * Base class of every exception async-task throws.
 */
public class AsyncTaskException extends RuntimeException {

	public AsyncTaskException(String message) {
		super(message);
	}

	public AsyncTaskException(String message, Throwable cause) {
		super(message, cause);
	}

}
