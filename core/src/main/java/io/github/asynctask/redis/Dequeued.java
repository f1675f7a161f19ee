package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

/**
 * What one fetch took.
 *
 * @param deliveries the tasks handed to this worker
 * @param retryAfter zero, or how long until the queue's rate limit gives the next permit
 * when it held pending tasks back
 * @param keyBlocked whether tasks were passed over because their concurrency key runs as
 * many as it may
 */
public record Dequeued(List<Delivery> deliveries, Duration retryAfter, boolean keyBlocked) {

	/** What a fetch took, held back by no concurrency key. */
	public Dequeued(List<Delivery> deliveries, Duration retryAfter) {
		this(deliveries, retryAfter, false);
	}

	/** Whether the rate limit held tasks back. */
	public boolean limited() {
		return !this.retryAfter.isZero();
	}

}
