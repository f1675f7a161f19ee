package io.github.asynctask.batch;

import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.redis.store.BatchStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Around each run of a batch's child: counts it running in its batch, and skips the body
 * when the batch was cancelled (the child then completes without running). Runs of tasks
 * outside batches pass straight through. While a child, or one of a batch's callbacks,
 * runs, {@code template.currentBatchId()} names its batch (to add children to it, to read
 * its children's values).
 */
public final class BatchChildStart implements TaskInterceptor {

	private static final Logger logger = LoggerFactory.getLogger(BatchChildStart.class);

	private final BatchStore store;

	public BatchChildStart(BatchStore store) {
		this.store = store;
	}

	@Override
	public void around(TaskExecution execution, Chain chain) throws Throwable {
		String header = execution.header(BatchScope.HEADER);
		BatchScope.Child child = BatchScope.Child.parse(header);
		String callbackOf = (child == null) ? BatchScope.callbackOf(header) : null;
		if (callbackOf != null) {
			BatchScope.runCallback(callbackOf, chain::proceed);
		}
		else if (child == null) {
			chain.proceed();
		}
		else if (started(child, execution)) {
			BatchScope.runChild(child.batchId(), chain::proceed);
		}
		else {
			logger.info("Skipped task '{}' (id {}): its batch {} was cancelled", execution.name(), execution.taskId(),
					child.batchId());
		}
	}

	private boolean started(BatchScope.Child child, TaskExecution execution) {
		try {
			return this.store.start(child.batchId(), child.index());
		}
		catch (RuntimeException ex) {
			// only the running count and a cancel's skip depend on it: run the body
			logger.debug("Could not count task '{}' (id {}) running in batch {}: {}", execution.name(),
					execution.taskId(), child.batchId(), ex.toString());
			return true;
		}
	}

}
