package io.github.asynctask.redis;

/**
 * Outcome of a call that reports on a delivery (complete, retry, dead, requeue).
 */
public enum AckResult {

	/** The delivery was active with this token; the transition was applied. */
	APPLIED,

	/**
	 * The token is not the current one or the task is no longer active; nothing was
	 * applied.
	 */
	STALE,

	/** No data is stored for this id any more. */
	MISSING

}
