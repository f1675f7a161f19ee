package io.github.asynctask.metrics;

import java.util.Map;

/**
 * Threads of this instance running a task body right now, by queue; backs the
 * {@code asynctask.workers.busy} gauge. Implemented by the worker container.
 */
@FunctionalInterface
public interface BusyWorkers {

	/** Busy threads by queue; every queue this instance serves, zero included. */
	Map<String, Integer> busyThreads();

}
