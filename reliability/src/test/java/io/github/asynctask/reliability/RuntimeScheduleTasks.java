package io.github.asynctask.reliability;

import io.github.asynctask.annotation.AsyncTask;

/**
 * The task a run-time schedule ({@code template.schedule}) fires in the run-time schedule
 * scenario ({@code runtimeSchedules=true}); its runs are recorded by
 * {@link LedgerInterceptor} with their tick ({@code TICK} records), as periodic ones.
 */
public class RuntimeScheduleTasks {

	static final String NAME = "rel.runtimeTick";

	@AsyncTask(name = NAME, queue = ReliabilityTasks.QUEUE, maxRetries = 0)
	public void report(String customer) {
	}

}
