package io.github.asynctask.redis;

import java.time.Instant;

/**
 * A task handed to this worker under a lease.
 *
 * @param queue the queue
 * @param id the task id
 * @param name the task name
 * @param token the fencing token of this delivery; every later call about it must carry
 * it
 * @param attempt the 1-based delivery count, counted at fetch
 * @param maxRetries retries allowed after the first attempt
 * @param payload the opaque payload written at submit
 * @param createdAt when the task was submitted (Redis time)
 */
public record Delivery(String queue, String id, String name, long token, int attempt, int maxRetries, String payload,
		Instant createdAt) {

	/**
	 * This delivery's id and token, which tell it apart from other deliveries of the
	 * task.
	 */
	public DeliveryToken deliveryToken() {
		return new DeliveryToken(this.id, this.token);
	}

	/** Whether a failure of this attempt may still be retried. */
	public boolean hasRetriesLeft() {
		return this.attempt <= this.maxRetries;
	}

}
