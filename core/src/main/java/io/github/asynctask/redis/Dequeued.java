package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

/**
 * What one fetch took.
 *
 * @param deliveries the tasks handed to this worker
 * @param retryAfter zero, or how long until the queue's rate limit gives the next permit
 * when it held pending tasks back
 */
public record Dequeued(List<Delivery> deliveries, Duration retryAfter) {

	/** Whether the rate limit held tasks back. */
	public boolean limited() {
		return !this.retryAfter.isZero();
	}

}
