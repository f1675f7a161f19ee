package io.github.asynctask;

/** Where a batch is in its life ({@link BatchInfo#state()}). */
public enum BatchState {

	/** Its body is still submitting children. */
	OPEN,

	/** Sealed: every child is submitted, some have not ended. */
	RUNNING,

	/** Every child completed; {@code onSuccess} was enqueued. */
	SUCCEEDED,

	/** Every child ended, some dead; {@code onComplete} was enqueued. */
	COMPLETED,

	/** Cancelled: owes no callback, children not started yet are skipped. */
	CANCELLED

}
