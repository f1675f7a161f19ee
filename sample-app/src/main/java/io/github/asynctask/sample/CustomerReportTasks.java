package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * The report a customer receives at the hour the customer chose: an ordinary task method,
 * scheduled per customer at run time by {@link CustomerReportController}.
 */
// tag::customer-report[]
@Component
public class CustomerReportTasks {

	private static final Logger logger = LoggerFactory.getLogger(CustomerReportTasks.class);

	private final ActivityLog activity;

	CustomerReportTasks(ActivityLog activity) {
		this.activity = activity;
	}

	@AsyncTask(name = "shop.customer-report", queue = "reports")
	public void send(String customer, String format) {
		logger.info("Report for customer {} ({})", customer, format);
		this.activity.record("shop.customer-report", "report for " + customer + " as " + format);
	}

}
// end::customer-report[]
