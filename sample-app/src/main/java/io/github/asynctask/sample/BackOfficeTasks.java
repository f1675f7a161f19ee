package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Back-office work in two queues that share one small pool (see {@code async-task.pools}
 * in application.yml): reports get three fetches for every one of exports, and exports
 * never starve.
 */
// tag::back-office-tasks[]
@Component
public class BackOfficeTasks {

	private static final Logger logger = LoggerFactory.getLogger(BackOfficeTasks.class);

	@AsyncTask(name = "shop.monthly-report", queue = "reports")
	public void monthlyReport(String month) {
		logger.info("Monthly report for {} written", month);
	}

	@AsyncTask(name = "shop.export-orders", queue = "exports")
	public void exportOrders(String format) {
		logger.info("Orders exported as {}", format);
	}

}
// end::back-office-tasks[]
