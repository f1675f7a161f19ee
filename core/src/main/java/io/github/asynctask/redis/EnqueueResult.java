package io.github.asynctask.redis;

/**
 * What the enqueue script did with one request.
 *
 * @param id the id of the request, or for {@link Outcome#DUPLICATE} the id of the task
 * holding the bizId
 * @param outcome what happened
 * @param backlog for {@link Outcome#QUEUE_FULL} the backlog the queue (or shard) had,
 * else -1
 */
public record EnqueueResult(String id, Outcome outcome, long backlog) {

	public EnqueueResult(String id, Outcome outcome) {
		this(id, outcome, -1);
	}

	/** What the enqueue script did. */
	public enum Outcome {

		/** Pushed to pending. */
		ENQUEUED,

		/** Added to scheduled for a later run-at. */
		SCHEDULED,

		/** The bizId is remembered; no task was created. */
		DUPLICATE,

		/** Recorded as waiting for other tasks to complete (flows). */
		WAITING,

		/** A task with this id exists already (a re-send); nothing changed. */
		ALREADY_EXISTS,

		/**
		 * Refused: the queue holds its {@code max-backlog} already; nothing was written.
		 */
		QUEUE_FULL

	}

}
