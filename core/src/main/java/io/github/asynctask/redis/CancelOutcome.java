package io.github.asynctask.redis;

/**
 * What {@link RedisBroker#cancel} did to a task.
 */
public enum CancelOutcome {

	/** No task to cancel: unknown, completed, dead or unreadable. */
	NONE,

	/** It had not run yet or waited for its next attempt: now dead, it never runs. */
	REMOVED,

	/** It is running: marked, so its worker stops it at the next heartbeat. */
	MARKED,

	/** It is running and was marked before. */
	ALREADY_MARKED;

	/** Whether this call changed the task. */
	public boolean cancelled() {
		return this == REMOVED || this == MARKED;
	}

}
