package io.github.asynctask.sample;

import java.time.Duration;
import java.time.Instant;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * A periodic task: the sales report of the last minute, once per minute across every
 * instance of the shop (a nightly report would say {@code cron = "0 0 2 * * *"}).
 */
// tag::sales-report[]
@Component
public class SalesReportTasks {

	private static final Logger logger = LoggerFactory.getLogger(SalesReportTasks.class);

	private final OrderRepository orders;

	private final ActivityLog activity;

	SalesReportTasks(OrderRepository orders, ActivityLog activity) {
		this.orders = orders;
		this.activity = activity;
	}

	// one run per minute whatever the number of instances; a report missed while the shop
	// was down is made once on restart (misfire ONCE), for the latest missed minute
	@AsyncTask(name = "shop.salesReport", every = "1m", overlap = false)
	public void salesReport(Instant tick) {
		long count = this.orders.countCreated(tick.minus(Duration.ofMinutes(1)), tick);
		logger.info("Sales report for the minute before {}: {} order(s)", tick, count);
		this.activity.record("shop.salesReport", count + " order(s) in the minute before " + tick);
	}

}
// end::sales-report[]
