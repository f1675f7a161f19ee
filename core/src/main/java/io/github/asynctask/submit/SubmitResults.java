package io.github.asynctask.submit;

import io.github.asynctask.TaskReceipt;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports what the enqueue script did with a request (listener events, DEBUG log of
 * duplicates) and turns it into a receipt; shared by immediate and after-commit submits.
 */
final class SubmitResults {

	private static final Logger logger = LoggerFactory.getLogger(SubmitResults.class);

	private final TaskListener listener;

	SubmitResults(TaskListener listener) {
		this.listener = listener;
	}

	TaskReceipt record(EnqueueRequest request, EnqueueResult result) {
		return switch (result.outcome()) {
			case ENQUEUED -> submitted(request, result, TaskReceipt.Status.ENQUEUED);
			case SCHEDULED -> submitted(request, result, TaskReceipt.Status.SCHEDULED);
			case ALREADY_EXISTS -> new TaskReceipt(request.id(), (request.delay() != null || request.at() != null)
					? TaskReceipt.Status.SCHEDULED : TaskReceipt.Status.ENQUEUED);
			// The dedup key names this very id: a re-send of a task Redis already took.
			case DUPLICATE -> (result.id().equals(request.id()))
					? record(request, new EnqueueResult(request.id(), EnqueueResult.Outcome.ALREADY_EXISTS))
					: duplicate(request, result);
		};
	}

	private TaskReceipt duplicate(EnqueueRequest request, EnqueueResult result) {
		logger.debug("Task '{}' with bizId '{}' dropped: task {} holds the bizId in queue '{}'", request.name(),
				request.bizId(), result.id(), request.queue());
		this.listener.deduplicated(request.queue(), request.name());
		return new TaskReceipt(result.id(), TaskReceipt.Status.DUPLICATE);
	}

	private TaskReceipt submitted(EnqueueRequest request, EnqueueResult result, TaskReceipt.Status status) {
		this.listener.submitted(request.queue(), request.name());
		return new TaskReceipt(result.id(), status);
	}

}
