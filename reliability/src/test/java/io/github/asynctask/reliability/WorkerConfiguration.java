package io.github.asynctask.reliability;

import io.github.asynctask.TaskInterceptor;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The worker side of a worker JVM: the auto-configured container, set up by the
 * {@code async-task.*} properties alone, its runs recorded into the ledger by an
 * interceptor bean.
 */
@Configuration(proxyBeanMethods = false)
class WorkerConfiguration {

	@Bean
	TaskInterceptor ledgerInterceptor(Ledger ledger, LedgerBroker broker) {
		return new LedgerInterceptor(ledger, broker);
	}

}
