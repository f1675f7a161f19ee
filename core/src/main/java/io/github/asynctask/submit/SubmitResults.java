package io.github.asynctask.submit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.TaskReceipt;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports what the enqueue script did with a request (listener events, DEBUG log of
 * duplicates) and turns it into a receipt; shared by immediate and after-commit submits.
 */
final class SubmitResults {

	private static final Logger logger = LoggerFactory.getLogger(SubmitResults.class);

	private final TaskListener listener;

	private final RedisBroker broker;

	// Queues this JVM has registered for the console and AsyncTaskTemplate.find.
	/**
	 * How often a queue this instance submits to is registered again: the janitor forgets
	 * a queue that held nothing and went unregistered for a day.
	 */
	static final long REGISTER_AGAIN_NANOS = Duration.ofHours(1).toNanos();

	/** Queue name -> when this instance last registered it (System.nanoTime). */
	private final Map<String, Long> registeredQueues = new ConcurrentHashMap<>();

	SubmitResults(TaskListener listener, RedisBroker broker) {
		this.listener = listener;
		this.broker = broker;
	}

	TaskReceipt record(EnqueueRequest request, EnqueueResult result) {
		return switch (result.outcome()) {
			case ENQUEUED -> submitted(request, result, TaskReceipt.Status.ENQUEUED);
			case SCHEDULED -> submitted(request, result, TaskReceipt.Status.SCHEDULED);
			case WAITING -> submitted(request, result, TaskReceipt.Status.WAITING);
			case ALREADY_EXISTS -> new TaskReceipt(request.id(),
					!request.after().isEmpty() ? TaskReceipt.Status.WAITING
							: (request.delay() != null || request.at() != null) ? TaskReceipt.Status.SCHEDULED
									: TaskReceipt.Status.ENQUEUED);
			// The dedup key names this very id: a re-send of a task Redis already took.
			case DUPLICATE -> (result.id().equals(request.id()))
					? record(request, new EnqueueResult(request.id(), EnqueueResult.Outcome.ALREADY_EXISTS))
					: duplicate(request, result);
			// FullQueues or the after-commit batch deal with these first
			case QUEUE_FULL -> throw new IllegalStateException("Task " + request.id() + " of queue '" + request.queue()
					+ "' was refused by a full queue, which its submit path should have handled");
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
		register(request.queue());
		return new TaskReceipt(result.id(), status);
	}

	private void register(String queue) {
		Long registeredAt = this.registeredQueues.get(queue);
		long now = System.nanoTime();
		if (registeredAt == null || now - registeredAt >= REGISTER_AGAIN_NANOS) {
			try {
				this.broker.registerQueues(List.of(queue));
				this.registeredQueues.put(queue, now);
			}
			catch (RuntimeException ex) {
				// The task is in Redis; the registration is retried with the next submit.
				logger.debug("Could not register queue '{}': {}", queue, ex.toString());
			}
		}
	}

}
