package io.github.asynctask.observation;

import java.util.Map;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;

/**
 * The context of an {@code asynctask.task.submit} observation: the task and queue, and
 * the task's headers as the carrier a tracing handler writes the trace context into.
 */
public final class TaskSubmitContext extends SenderContext<Map<String, String>> {

	private final String task;

	private final String queue;

	/**
	 * @param task the task name
	 * @param queue the queue
	 * @param headers the task's headers
	 */
	public TaskSubmitContext(String task, String queue, Map<String, String> headers) {
		super(Map::put, Kind.PRODUCER);
		this.task = task;
		this.queue = queue;
		setCarrier(headers);
		setRemoteServiceName("async-task");
	}

	/** The task name. */
	public String getTask() {
		return this.task;
	}

	/** The queue. */
	public String getQueue() {
		return this.queue;
	}

}
