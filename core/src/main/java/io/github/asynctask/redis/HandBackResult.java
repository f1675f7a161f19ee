package io.github.asynctask.redis;

/**
 * Outcome of handing back a delivery whose task name the fetching instance does not
 * define.
 */
public enum HandBackResult {

	/** Back in retry for another instance, the delivery not counted. */
	HANDED_BACK,

	/** The grace since it was first handed back had passed: moved to dead. */
	DEAD,

	/** The token is not the current one; nothing was applied. */
	STALE,

	/** No readable data is stored for this id. */
	MISSING

}
