package io.github.asynctask.benchmarks;

/**
 * What a system can be measured on; a scenario needing a feature the system lacks reports
 * "n/a" with the reason instead of a figure.
 */
enum Feature {

	/** Submit from producer threads while no worker runs. */
	SUBMIT_WITHOUT_WORKERS,

	/** Batch submits (a transaction, a pipeline). */
	BATCH,

	/** Delayed tasks. */
	DELAY,

	/** Workers that wait for work (latency, idle load). */
	IDLE_WORKERS,

	/** Tasks stored in Redis (memory, idle load). */
	REDIS,

	/**
	 * Periodic tasks run once per tick across instances (only async-task's are measured).
	 */
	SCHEDULES

}
