package io.github.asynctask.benchmarks;

import io.github.asynctask.annotation.AsyncTask;

/**
 * The async-task bean of the full-stack row: one no-op task with a ~100-byte argument.
 */
@AsyncTask(queue = Contender.QUEUE)
public class NoopTasks {

	/** Submitted through the proxy; the body only tells the probe it started. */
	@AsyncTask(name = "bench.noop")
	public void noop(String arg) {
		Probe.hit(arg);
	}

}
