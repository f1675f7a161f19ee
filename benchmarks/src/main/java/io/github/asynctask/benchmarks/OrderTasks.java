package io.github.asynctask.benchmarks;

import io.github.asynctask.annotation.AsyncTask;

/** The async-task bean of the {@code workload} scenario. */
@AsyncTask(queue = Contender.QUEUE)
public class OrderTasks {

	/** Submitted through the proxy; the order travels as JSON. */
	@AsyncTask(name = "bench.order")
	public void process(Order order, long ioMillis) {
		OrderBody.run(order, ioMillis);
	}

}
