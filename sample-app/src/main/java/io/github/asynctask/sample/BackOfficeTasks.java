package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

/**
 * Back-office work in two queues that share one small pool (see {@code async-task.pools}
 * in application.yml): reports get three fetches for every one of exports, and exports
 * never starve. One export per shop runs at a time, across every instance.
 */
// tag::back-office-tasks[]
@Component
public class BackOfficeTasks {

	private static final Logger logger = LoggerFactory.getLogger(BackOfficeTasks.class);

	@AsyncTask(name = "shop.monthly-report", queue = "reports")
	public void monthlyReport(String month) {
		logger.info("Monthly report for {} written", month);
	}

	@AsyncTask(name = "shop.export-orders", queue = "exports", concurrencyKey = "#shopId", maxConcurrency = 1)
	public void exportOrders(String shopId, String format) {
		logger.info("Orders of shop {} exported as {}", shopId, format);
	}

}
// end::back-office-tasks[]
