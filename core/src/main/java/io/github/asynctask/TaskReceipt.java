package io.github.asynctask;

/**
 * What a submit did.
 *
 * @param taskId the id of the new task; for {@link Status#DUPLICATE} the id of the task
 * already holding the bizId
 * @param status what happened to the submit
 */
public record TaskReceipt(String taskId, Status status) {

	/** What happened to a submit. */
	public enum Status {

		/** Recorded in Redis, ready to run. */
		ENQUEUED,

		/** Recorded in Redis, waiting for its delay or run-at time. */
		SCHEDULED,

		/**
		 * Held until the surrounding transaction commits (dropped on rollback); the id is
		 * the one the task will have.
		 */
		DEFERRED_UNTIL_COMMIT,

		/**
		 * Recorded in Redis, waiting for the tasks it runs after to complete
		 * ({@code after}).
		 */
		WAITING,

		/** Dropped: a task with the same name and bizId is remembered. */
		DUPLICATE

	}

}
