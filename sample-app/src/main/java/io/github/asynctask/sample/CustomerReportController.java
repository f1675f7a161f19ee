package io.github.asynctask.sample;

import java.time.DateTimeException;
import java.time.ZoneId;

import io.github.asynctask.AsyncTaskTemplate;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Schedules made at run time: each customer picks the hour (in their zone) of a daily
 * report; the schedule lives in Redis and fires once a day across every instance.
 * {@code PUT /customers/{customer}/report-schedule} with {@code {"hour": 9, "zone":
 * "Europe/Berlin"}}, {@code DELETE} to stop it.
 */
// tag::customer-report-controller[]
@RestController
class CustomerReportController {

	private final AsyncTaskTemplate template;

	private final CustomerReportTasks reports;

	CustomerReportController(AsyncTaskTemplate template, CustomerReportTasks reports) {
		this.template = template;
		this.reports = reports;
	}

	@PutMapping("/customers/{customer}/report-schedule")
	ResponseEntity<String> schedule(@PathVariable String customer, @RequestBody ReportTime time) {
		ZoneId zone;
		try {
			zone = ZoneId.of(time.zone());
		}
		catch (DateTimeException ex) {
			return ResponseEntity.badRequest().body("'" + time.zone() + "' is not a time zone");
		}
		if (time.hour() < 0 || time.hour() > 23) {
			return ResponseEntity.badRequest().body("hour must be within 0..23");
		}
		// the same id again replaces the customer's schedule
		boolean created = this.template.schedule(id(customer), "cron 0 0 " + time.hour() + " * * *", zone,
				() -> this.reports.send(customer, "pdf"));
		return created ? ResponseEntity.status(201).body("scheduled") : ResponseEntity.ok("rescheduled");
	}

	@DeleteMapping("/customers/{customer}/report-schedule")
	ResponseEntity<Void> unschedule(@PathVariable String customer) {
		return this.template.unschedule(id(customer)) ? ResponseEntity.noContent().build()
				: ResponseEntity.notFound().build();
	}

	private static String id(String customer) {
		return "customer-report:" + customer;
	}

	/** When a customer wants the report: the hour of the day in their zone. */
	record ReportTime(int hour, String zone) {
	}

}
// end::customer-report-controller[]
