package io.github.asynctask.autoconfigure.console;

/**
 * An operator request that cannot be served, with the reason; the endpoint and the
 * console turn {@link #reason()} into an HTTP status.
 */
public class TaskOperationException extends RuntimeException {

	/** Why the request failed. */
	public enum Reason {

		/** No such queue or task (404). */
		NOT_FOUND,

		/** The task is not in a state that allows the operation (409). */
		CONFLICT,

		/** The request itself is malformed (400). */
		BAD_REQUEST,

		/** A write without an authenticated user (401). */
		UNAUTHORIZED,

		/** A write by a user without the write role (403). */
		FORBIDDEN

	}

	private final Reason reason;

	public TaskOperationException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return this.reason;
	}

}
