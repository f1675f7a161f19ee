package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import io.github.asynctask.BackoffPolicy;
import io.github.asynctask.worker.Backoffs;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.worker.WorkerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.thread.Threading;
import org.springframework.core.env.Environment;

/**
 * Turns the bound {@code async-task.*} properties into the worker runtime's own types, so
 * the runtime stays free of Spring Boot and the mapping is tested in one place.
 */
final class WorkerSettingsMapper {

	private static final Logger logger = LoggerFactory.getLogger(WorkerSettingsMapper.class);

	private WorkerSettingsMapper() {
	}

	/**
	 * Settings serving every queue of {@link ServedQueues}, or empty when there is none;
	 * logs once which listed queues no task method of this application uses.
	 */
	static Optional<WorkerSettings> servedQueues(AsyncTaskProperties properties, TaskRegistry registry,
			Duration phaseTimeout) {
		ServedQueues served = ServedQueues.of(properties, registry.queues());
		served.listedWithoutTasks()
			.forEach(
					(queue) -> logger.info(
							"Queue '{}' is listed under async-task.queues but no @AsyncTask method "
									+ "of this application uses it; serving it for the applications that submit to it",
							queue));
		boolean none = served.concurrency().isEmpty() && FlowControlMapper.pools(properties).isEmpty();
		return none ? Optional.empty() : Optional.of(workerSettings(properties, served.concurrency(), phaseTimeout));
	}

	static WorkerSettings workerSettings(AsyncTaskProperties properties, Map<String, Integer> concurrency,
			Duration phaseTimeout) {
		AsyncTaskProperties.Worker worker = properties.getWorker();
		AsyncTaskProperties.Retention retention = properties.getRetention();
		WorkerSettings.Builder builder = WorkerSettings.builder(concurrency)
			.lease(properties.getLease())
			.pollInterval(worker.getPollInterval())
			.shutdownTimeout(ShutdownBudget.drainTimeout(properties.getShutdownTimeout(), phaseTimeout))
			.unknownTaskGrace(worker.getUnknownTaskGrace())
			.pools(FlowControlMapper.pools(properties))
			.rateLimits(FlowControlMapper.rateLimits(properties))
			.retention(new WorkerSettings.Retention(retention.getCompleted(), retention.getDead(),
					retention.getDeadMax()));
		Duration heartbeat = worker.getHeartbeatInterval();
		if (heartbeat != null) {
			builder.heartbeatInterval(heartbeat); // else a third of the lease
		}
		return builder.build();
	}

	/**
	 * {@code async-task.worker.virtual-threads}, or when unset Spring Boot's
	 * {@code spring.threads.virtual.enabled} on a JVM that has virtual threads (as Boot's
	 * own executors follow it; on Java 17 that property alone changes nothing).
	 */
	static boolean virtualThreads(AsyncTaskProperties properties, Environment environment) {
		Boolean own = properties.getWorker().getVirtualThreads();
		return (own != null) ? own : Threading.VIRTUAL.isActive(environment);
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
