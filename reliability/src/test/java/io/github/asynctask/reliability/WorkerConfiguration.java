package io.github.asynctask.reliability;

import java.util.Map;

import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.reliability.ReliabilityConfiguration.Args;
import io.github.asynctask.worker.WorkerSettings;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The worker side of a worker JVM: the auto-configured container, its runs recorded into
 * the ledger by an interceptor bean.
 */
@Configuration(proxyBeanMethods = false)
class WorkerConfiguration {

	@Bean
	TaskInterceptor ledgerInterceptor(Ledger ledger, LedgerBroker broker) {
		return new LedgerInterceptor(ledger, broker);
	}

	// The settings the properties give, plus a fast recoverer: how often it looks is not
	// a property (yet).
	@Bean
	WorkerSettings workerSettings(AsyncTaskProperties properties, Args args) {
		return WorkerSettings.builder(Map.of(ReliabilityTasks.QUEUE, Integer.parseInt(args.get("concurrency"))))
			.lease(properties.getLease())
			.heartbeatInterval(properties.getWorker().getHeartbeatInterval())
			.pollInterval(properties.getWorker().getPollInterval())
			.recoverInterval(args.millis("recover"))
			.shutdownTimeout(properties.getShutdownTimeout())
			.retention(new WorkerSettings.Retention(properties.getRetention().getCompleted(),
					properties.getRetention().getDead()))
			.build();
	}

}
