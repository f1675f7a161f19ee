package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Mails receipts. At most one receipt per order: the order id is the bizId.
 */
// tag::receipt-tasks[]
@Component
@AsyncTask(queue = "mail")
public class ReceiptTasks {

	private static final Logger logger = LoggerFactory.getLogger(ReceiptTasks.class);

	private final ActivityLog activity;

	ReceiptTasks(ActivityLog activity) {
		this.activity = activity;
	}

	@AsyncTask(name = "shop.receipt", bizId = "#order.id", maxRetries = 5, timeout = "30s")
	public void sendReceipt(Order order) {
		// A real shop would call its mail service here.
		logger.info("Receipt sent for order {} to {}", order.id(), order.email());
		this.activity.record("shop.receipt", "Receipt sent for order " + order.id());
	}

}
// end::receipt-tasks[]
