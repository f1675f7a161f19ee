package io.github.asynctask;

/**
 * Where a task is in its lifecycle. A task is in exactly one state at any moment.
 */
public enum TaskState {

	/** Waiting for its run-at time (a delay or {@code at}). */
	SCHEDULED,

	/**
	 * Waiting for the tasks it runs after ({@code after}) to complete; released to
	 * {@link #PENDING} when all have, dead after its wait timeout.
	 */
	WAITING,

	/** Ready to run; a worker with a free thread will take it. */
	PENDING,

	/** Held by a worker under a lease. */
	ACTIVE,

	/** Failed; waiting for its next attempt. */
	RETRY,

	/** Out of attempts or unreadable; kept for {@code async-task.retention.dead}. */
	DEAD,

	/**
	 * Ran successfully; kept only when {@code async-task.retention.completed} is
	 * positive.
	 */
	COMPLETED

}
