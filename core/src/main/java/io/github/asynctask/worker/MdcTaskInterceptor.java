package io.github.asynctask.worker;

import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import org.slf4j.MDC;

/**
 * Puts the task id, name and queue in the SLF4J MDC while the body runs, so every log
 * line of a run can be traced to its task; removes them when the run ends.
 */
public final class MdcTaskInterceptor implements TaskInterceptor {

	/** MDC key of the task id. */
	public static final String TASK_ID = "asynctask.taskId";

	/** MDC key of the task name. */
	public static final String TASK_NAME = "asynctask.taskName";

	/** MDC key of the queue. */
	public static final String QUEUE = "asynctask.queue";

	@Override
	public void around(TaskExecution execution, Chain chain) throws Throwable {
		try (MDC.MDCCloseable id = MDC.putCloseable(TASK_ID, execution.taskId());
				MDC.MDCCloseable name = MDC.putCloseable(TASK_NAME, execution.name());
				MDC.MDCCloseable queue = MDC.putCloseable(QUEUE, execution.queue())) {
			chain.proceed();
		}
	}

}
