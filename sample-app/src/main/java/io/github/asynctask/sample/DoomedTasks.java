package io.github.asynctask.sample;

import io.github.asynctask.annotation.AsyncTask;

import org.springframework.stereotype.Component;

/**
 * Exports orders to a CRM that was switched off long ago: every attempt fails, so after
 * two retries the task ends dead, where it can be inspected and retried by hand.
 */
@Component
public class DoomedTasks {

	private final ActivityLog activity;

	DoomedTasks(ActivityLog activity) {
		this.activity = activity;
	}

	// tag::doomed[]
	@AsyncTask(name = "shop.export-to-legacy-crm", maxRetries = 2)
	public void exportToLegacyCrm(long orderId) {
		this.activity.record("shop.export-to-legacy-crm", "Legacy CRM refused order " + orderId);
		throw new IllegalStateException("Legacy CRM at crm.example.invalid does not answer");
	}
	// end::doomed[]

}
