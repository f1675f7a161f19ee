package io.github.asynctask.autoconfigure.tracing;

import io.github.asynctask.tracing.TracingSubmitInterceptor;
import io.github.asynctask.tracing.TracingTaskInterceptor;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

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
 * Auto-configuration} of trace propagation: when the application traces with Micrometer
 * Tracing (a {@link Tracer} and a {@link Propagator} bean, as Spring Boot's Brave or
 * OpenTelemetry support provides), the submitter's trace context travels in the task's
 * headers and each run is a span continuing it.
 */
@AutoConfiguration(afterName = {
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration" })
@ConditionalOnClass({ Tracer.class, Propagator.class })
@ConditionalOnBean({ Tracer.class, Propagator.class })
@ConditionalOnBooleanProperty(name = "async-task.enabled", matchIfMissing = true)
public final class AsyncTaskTracingAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TracingSubmitInterceptor asyncTaskTracingSubmitInterceptor(Tracer tracer, Propagator propagator) {
		return new TracingSubmitInterceptor(tracer, propagator);
	}

	// Outermost around a run, so every other interceptor (MDC, security context) and the
	// body already see the run's span.
	@Bean
	@ConditionalOnMissingBean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	TracingTaskInterceptor asyncTaskTracingTaskInterceptor(Tracer tracer, Propagator propagator) {
		return new TracingTaskInterceptor(tracer, propagator);
	}

}
