package io.github.asynctask.autoconfigure.metrics;

import java.util.Map;

import io.github.asynctask.metrics.BusyWorkers;
import io.github.asynctask.metrics.MicrometerBatchMeters;
import io.github.asynctask.metrics.MicrometerScheduleListener;
import io.github.asynctask.metrics.MicrometerTaskListener;
import io.github.asynctask.metrics.QueueMetrics;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.limit.BacklogLimits;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the {@code asynctask.*} meters: a {@link MicrometerTaskListener}
 * counting this instance's task events and {@link QueueMetrics} gauges over Redis (bound
 * to the registry by Spring Boot as a {@code MeterBinder}). Off when Micrometer is
 * absent.
 */
@AutoConfiguration(afterName = { "io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, RedisBroker.class })
@EnableConfigurationProperties(AsyncTaskProperties.class)
public final class AsyncTaskMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	MicrometerTaskListener asyncTaskMetricsListener(MeterRegistry registry) {
		return new MicrometerTaskListener(registry);
	}

	@Bean
	@ConditionalOnMissingBean
	MicrometerBatchMeters asyncTaskBatchMeters(MeterRegistry registry) {
		return new MicrometerBatchMeters(registry);
	}

	@Bean
	@ConditionalOnMissingBean
	MicrometerScheduleListener asyncTaskScheduleMetricsListener(MeterRegistry registry) {
		return new MicrometerScheduleListener(registry);
	}

	// the limit beside the queue.size gauges, for the fill alert
	// (docs/prometheus-alerts.yml)
	@Bean
	MeterBinder asyncTaskBacklogLimitMeters(ObjectProvider<BacklogLimits> limits) {
		return (registry) -> limits.ifAvailable((all) -> all.all()
			.forEach((queue, limit) -> Gauge.builder("asynctask.queue.backlog.limit", limit::maxBacklog)
				.description("The queue's max-backlog: most tasks pending + scheduled + retry")
				.tag("queue", queue)
				.register(registry)));
	}

	@Bean
	@ConditionalOnMissingBean
	QueueMetrics asyncTaskQueueMetrics(RedisBroker broker, ObjectProvider<BusyWorkers> busyWorkers,
			AsyncTaskProperties properties) {
		// A submit-only instance has no workers: no busy gauges.
		return new QueueMetrics(broker, busyWorkers.getIfAvailable(() -> Map::of),
				properties.getMetrics().getQueueRefreshInterval());
	}

}
