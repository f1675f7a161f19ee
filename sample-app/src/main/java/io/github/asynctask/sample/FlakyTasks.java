package io.github.asynctask.sample;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Books a courier through an API that fails the first two times for every order, to show
 * retries with backoff.
 */
@Component
public class FlakyTasks {

	private static final Logger logger = LoggerFactory.getLogger(FlakyTasks.class);

	private static final int FAILURES_BEFORE_SUCCESS = 2;

	// Attempts per order on this instance; enough for a demo of one shop instance.
	private final Map<Long, Integer> attempts = new ConcurrentHashMap<>();

	private final ActivityLog activity;

	FlakyTasks(ActivityLog activity) {
		this.activity = activity;
	}

	// tag::flaky[]
	@AsyncTask(name = "shop.book-courier", queue = "orders", maxRetries = 5)
	public void bookCourier(long orderId) {
		int attempt = this.attempts.merge(orderId, 1, Integer::sum);
		if (attempt <= FAILURES_BEFORE_SUCCESS) {
			this.activity.record("shop.book-courier",
					"Courier API down for order " + orderId + " (attempt " + attempt + ")");
			throw new IllegalStateException("Courier API unavailable (attempt " + attempt + ")");
		}
		logger.info("Courier booked for order {} on attempt {}", orderId, attempt);
		this.activity.record("shop.book-courier", "Courier booked for order " + orderId + " (attempt " + attempt + ")");
	}
	// end::flaky[]

}
