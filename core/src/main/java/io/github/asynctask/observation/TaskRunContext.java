package io.github.asynctask.observation;

import java.util.Map;

import io.github.asynctask.TaskExecution;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;

/**
 * The context of an {@code asynctask.task.run} observation: the attempt being run, and
 * its headers as the carrier a tracing handler reads the submitter's trace context from.
 */
public final class TaskRunContext extends ReceiverContext<Map<String, String>> {

	private final TaskExecution execution;

	/**
	 * @param execution the attempt
	 */
	public TaskRunContext(TaskExecution execution) {
		super(Map::get, Kind.CONSUMER);
		this.execution = execution;
		setCarrier(execution.headers());
		setRemoteServiceName("async-task");
	}

	/** The attempt. */
	public TaskExecution getExecution() {
		return this.execution;
	}

}
