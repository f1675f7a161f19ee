package io.github.asynctask.observation;

import java.util.Map;
import java.util.function.Supplier;

import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.submit.SubmitObserver;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * Observes both ends of a task: every submit as {@value #SUBMIT} (a producer span whose
 * context a tracing handler writes into the task's headers) and every run as
 * {@value #RUN} (a consumer span continuing it; a failed attempt records its error). Low
 * cardinality key values: {@code asynctask.task}, {@code asynctask.queue}; high:
 * {@code asynctask.task.id}, {@code asynctask.attempt} on the run.
 */
public final class TaskObservations implements SubmitObserver, TaskInterceptor {

	/** Name of the submit observation. */
	public static final String SUBMIT = "asynctask.task.submit";

	/** Name of the run observation. */
	public static final String RUN = "asynctask.task.run";

	private final ObservationRegistry registry;

	/**
	 * @param registry the application's observation registry
	 */
	public TaskObservations(ObservationRegistry registry) {
		this.registry = registry;
	}

	@Override
	public TaskReceipt observe(String task, String queue, Map<String, String> headers, Supplier<TaskReceipt> submit) {
		TaskSubmitContext context = new TaskSubmitContext(task, queue, headers);
		return Observation.createNotStarted(SUBMIT, () -> context, this.registry)
			.lowCardinalityKeyValue("asynctask.task", task)
			.lowCardinalityKeyValue("asynctask.queue", queue)
			.observe(submit);
	}

	@Override
	public void around(TaskExecution execution, Chain chain) throws Throwable {
		TaskRunContext context = new TaskRunContext(execution);
		Observation.createNotStarted(RUN, () -> context, this.registry)
			.lowCardinalityKeyValue("asynctask.task", execution.name())
			.lowCardinalityKeyValue("asynctask.queue", execution.queue())
			.highCardinalityKeyValue("asynctask.task.id", execution.taskId())
			.highCardinalityKeyValue("asynctask.attempt", Integer.toString(execution.attempt()))
			.observeChecked(chain::proceed);
	}

}
