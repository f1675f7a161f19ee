package io.github.asynctask.sample;

import java.util.concurrent.CompletableFuture;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Ships an order only once its payment is recorded, whichever event arrives first, and
 * quotes shipping costs on any instance, the caller getting the value as a future.
 */
@Component
public class ShippingTasks {

	private static final Logger logger = LoggerFactory.getLogger(ShippingTasks.class);

	private final ActivityLog activity;

	ShippingTasks(ActivityLog activity) {
		this.activity = activity;
	}

	// tag::ship-after-pay[]
	@AsyncTask(name = "order.pay", queue = "payments", bizId = "#orderId")
	public void recordPayment(long orderId) {
		this.activity.record("order.pay", "Payment of order " + orderId + " recorded");
	}

	@AsyncTask(name = "order.ship", queue = "shipping", bizId = "#orderId", after = "order.pay")
	public void ship(long orderId) {
		logger.info("Shipping order {}", orderId);
		this.activity.record("order.ship", "Order " + orderId + " shipped");
	}
	// end::ship-after-pay[]

	// tag::shipping-cost[]
	@AsyncTask(name = "order.shipping-cost", queue = "shipping")
	public CompletableFuture<Long> shippingCost(long orderId, int weightGrams) {
		long cents = 490 + (weightGrams / 500) * 150L;
		return CompletableFuture.completedFuture(cents);
	}
	// end::shipping-cost[]

}
