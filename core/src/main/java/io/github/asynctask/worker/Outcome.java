package io.github.asynctask.worker;

import org.jspecify.annotations.Nullable;

/**
 * How one attempt ended.
 *
 * @param succeeded whether the body returned normally in time
 * @param retryable whether a failure may be retried (false for poison and non-retryable
 * errors)
 * @param error what failed, {@code null} on success
 * @param reason the bounded text stored as the task's last error, empty on success
 * @param result what a body returning {@code CompletableFuture<T>} completed with
 */
record Outcome(boolean succeeded, boolean retryable, @Nullable Throwable error, String reason,
		@Nullable Object result) {

	/** Every value-less success is alike: one shared instance, not one per task. */
	private static final Outcome SUCCESS = new Outcome(true, false, null, "", null);

	Outcome(boolean succeeded, boolean retryable, @Nullable Throwable error, String reason) {
		this(succeeded, retryable, error, reason, null);
	}

	static Outcome success() {
		return SUCCESS;
	}

	static Outcome success(@Nullable Object result) {
		return (result != null) ? new Outcome(true, false, null, "", result) : SUCCESS;
	}

	static Outcome failed(Throwable error, boolean retryable) {
		return new Outcome(false, retryable, error, ErrorText.of(error));
	}

	/** The task cannot run at all (unknown name, unreadable arguments). */
	static Outcome poison(Throwable error) {
		return new Outcome(false, false, error, ErrorText.of(error));
	}

}
