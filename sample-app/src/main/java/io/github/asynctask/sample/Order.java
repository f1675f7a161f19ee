package io.github.asynctask.sample;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order of the shop; also the argument of {@link ReceiptTasks#sendReceipt}, so it is
 * stored in Redis as JSON.
 */
public record Order(long id, String customer, String email, BigDecimal amount, Status status, Instant createdAt) {

	/** Where an order is in its life. */
	public enum Status {

		/** Placed, not paid yet. */
		NEW,

		/** Paid by the customer. */
		PAID,

		/** Closed because it was not paid in time. */
		CLOSED

	}

}
