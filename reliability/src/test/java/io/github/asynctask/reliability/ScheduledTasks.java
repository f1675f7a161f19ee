package io.github.asynctask.reliability;

import io.github.asynctask.annotation.AsyncTask;

/**
 * A periodic task for the scenarios about schedules; a worker JVM has it only with the
 * argument {@code schedules=true}, so the other scenarios see no ticks. Its runs are
 * recorded by {@link LedgerInterceptor} with their tick ({@code TICK} records).
 */
public class ScheduledTasks {

	static final String TICK = "rel.tick";

	/** One tick a second, across all worker JVMs that have it. */
	@AsyncTask(name = TICK, queue = ReliabilityTasks.QUEUE, every = "1s", maxRetries = 0)
	public void tick() {
	}

}
