package io.github.asynctask.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.worker.Backoffs;
import io.github.asynctask.worker.WorkerSettings;

/**
 * Turns the bound {@code async-task.*} properties into the worker runtime's own types, so
 * the runtime stays free of Spring Boot and the mapping is tested in one place.
 */
final class WorkerSettingsMapper {

	private WorkerSettingsMapper() {
	}

	static WorkerSettings workerSettings(AsyncTaskProperties properties) {
		Map<String, Integer> concurrency = new LinkedHashMap<>();
		properties.effectiveQueues().forEach((queue, settings) -> concurrency.put(queue, settings.getConcurrency()));
		AsyncTaskProperties.Worker worker = properties.getWorker();
		AsyncTaskProperties.Retention retention = properties.getRetention();
		return WorkerSettings.builder(concurrency)
			.lease(properties.getLease())
			.heartbeatInterval(worker.getHeartbeatInterval())
			.pollInterval(worker.getPollInterval())
			.shutdownTimeout(properties.getShutdownTimeout())
			.unknownTaskGrace(worker.getUnknownTaskGrace())
			.retention(
					new WorkerSettings.Retention(retention.getCompleted(), retention.getDead(), retention.getDeadMax()))
			.build();
	}

	static BackoffPolicy backoffPolicy(AsyncTaskProperties.Backoff backoff) {
		return switch (backoff.getPolicy()) {
			case POLYNOMIAL -> Backoffs.polynomial();
			case FIXED -> Backoffs.fixed(backoff.getDelay());
			case EXPONENTIAL ->
				Backoffs.exponential(backoff.getDelay(), backoff.getMultiplier(), backoff.getMaxDelay());
		};
	}

}
