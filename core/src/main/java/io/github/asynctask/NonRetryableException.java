package io.github.asynctask;

/**
 * Thrown by a task body (or used as a base class) to say that retrying cannot help: the
 * task goes straight to dead with this exception as its last error.
 */
public class NonRetryableException extends AsyncTaskException {

	public NonRetryableException(String message) {
		super(message);
	}

	public NonRetryableException(String message, Throwable cause) {
		super(message, cause);
	}

}
