package io.github.asynctask.autoconfigure.observation;

import io.github.asynctask.observation.TaskObservations;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the {@code asynctask.task.submit} and {@code asynctask.task.run}
 * observations, when the application has an {@link ObservationRegistry} (Spring Boot's
 * actuator provides one). With Micrometer Tracing over Brave or OpenTelemetry, Spring
 * Boot's propagating handlers turn them into a producer and a consumer span, and the run
 * continues the submitter's trace.
 */
@AutoConfiguration(
		afterName = { "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
				"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration" })
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnBooleanProperty(name = "async-task.enabled", matchIfMissing = true)
public final class AsyncTaskObservationAutoConfiguration {

	// Outermost around a run, so the context propagator, every other interceptor and the
	// body already see the run's span (and its trace id in the MDC).
	@Bean
	@ConditionalOnMissingBean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	TaskObservations asyncTaskObservations(ObservationRegistry registry) {
		return new TaskObservations(registry);
	}

}
