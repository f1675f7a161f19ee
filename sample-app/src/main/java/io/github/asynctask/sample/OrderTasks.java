package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Closes orders nobody paid for.
 */
@Component
public class OrderTasks {

	private static final Logger logger = LoggerFactory.getLogger(OrderTasks.class);

	private final OrderRepository orders;

	private final ActivityLog activity;

	OrderTasks(OrderRepository orders, ActivityLog activity) {
		this.orders = orders;
		this.activity = activity;
	}

	// tag::close-if-unpaid[]
	@AsyncTask(name = "shop.close-if-unpaid", queue = "orders", delay = "${shop.payment-window:30s}")
	public void closeIfUnpaid(long orderId) {
		boolean closed = this.orders.changeStatus(orderId, Order.Status.NEW, Order.Status.CLOSED);
		String message = closed ? "Order " + orderId + " closed: not paid in time"
				: "Order " + orderId + " left as it is: paid or already closed";
		logger.info(message);
		this.activity.record("shop.close-if-unpaid", message);
	}
	// end::close-if-unpaid[]

}
