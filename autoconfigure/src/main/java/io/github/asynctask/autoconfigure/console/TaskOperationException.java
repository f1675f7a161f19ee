package io.github.asynctask.autoconfigure.console;

import org.jspecify.annotations.Nullable;

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

	/**
	 * {@code part}, or a 404 naming what is missing: browsing and bulk actions exist only
	 * with the starter's connection factory and key layout.
	 */
	public static <T> T available(@Nullable T part, String what) {
		if (part == null) {
			throw new TaskOperationException(Reason.NOT_FOUND,
					what + " need the starter's RedisConnectionFactory and RedisKeys beans");
		}
		return part;
	}

}
