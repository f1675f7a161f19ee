package io.github.asynctask.worker;

import java.time.Duration;
import java.util.function.Consumer;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.limit.QueueChoice;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;

/**
 * One fetch of a {@link QueueWorker}: asks Redis for up to the wanted number of tasks,
 * trying the queues in its {@link QueueChoice}'s order for what the first did not have,
 * and reports what held tasks back (a rate limit, a concurrency key).
 */
final class QueueFetch {

	private final QueueChoice choice;

	private final RedisBroker broker;

	private final WorkerSettings settings;

	private final TaskListener listener;

	private final Permits permits;

	QueueFetch(QueueChoice choice, RedisBroker broker, WorkerSettings settings, TaskListener listener,
			Permits permits) {
		this.choice = choice;
		this.broker = broker;
		this.settings = settings;
		this.listener = listener;
		this.permits = permits;
	}

	/**
	 * Take up to {@code wanted} tasks and hand each to {@code dispatch}; the permits of
	 * what was not taken go back, also when Redis fails midway.
	 */
	Fetched take(int wanted, Consumer<Delivery> dispatch) {
		int left = wanted;
		@Nullable Duration retryAfter = null;
		boolean keyBlocked = false;
		try {
			for (String queue : this.choice.order()) {
				Dequeued dequeued = this.broker.dequeue(queue, left, this.settings.lease(),
						this.settings.rateLimits().get(queue));
				left -= dequeued.deliveries().size();
				dequeued.deliveries().forEach(dispatch);
				if (dequeued.keyBlocked()) {
					keyBlocked = true;
					this.listener.concurrencyKeyBlocked(queue);
				}
				if (dequeued.limited()) {
					this.listener.rateLimited(queue, dequeued.retryAfter());
					retryAfter = (retryAfter == null || dequeued.retryAfter().compareTo(retryAfter) < 0)
							? dequeued.retryAfter() : retryAfter;
				}
				if (left == 0) {
					break;
				}
			}
		}
		finally {
			this.permits.release(left);
		}
		return new Fetched(wanted - left, retryAfter, keyBlocked);
	}

	/**
	 * What one fetch took.
	 *
	 * @param taken tasks started
	 * @param retryAfter set when a rate limit held tasks back: the wait until its next
	 * permit
	 * @param keyBlocked whether tasks were passed over for their concurrency key
	 */
	record Fetched(int taken, @Nullable Duration retryAfter, boolean keyBlocked) {
	}

}
