package io.github.asynctask.autoconfigure.tracing;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.tracing.TracingTaskInterceptor;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A task submitted inside a span runs, on a worker thread over a real Redis, in a span of
 * the same trace whose parent is the submitter's span; a failed run's span carries the
 * error; a task submitted outside any span starts a trace of its own.
 */
@ExtendWith(RedisExtension.class)
class TracingIntegrationTests {

	private final InMemoryTracing tracing = new InMemoryTracing();

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		TracedTasks.seen.clear();
		this.runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
					AsyncTaskTracingAutoConfiguration.class))
			.withUserConfiguration(TracedTasksConfiguration.class)
			.withBean(Tracer.class, () -> this.tracing.tracer)
			.withBean(Propagator.class, () -> this.tracing.propagator)
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port());
	}

	@Test
	void theRunContinuesTheSubmittersTrace() {
		this.runner.run((context) -> {
			TracedTasks tasks = context.getBean(TracedTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Span checkout = this.tracing.tracer.nextSpan().name("checkout").start();
			String taskId;
			try (Tracer.SpanInScope scope = this.tracing.tracer.withSpan(checkout)) {
				taskId = template.submit(TaskOptions.defaults(), () -> tasks.ship("order-1")).taskId();
			}
			finally {
				checkout.end();
			}

			await().atMost(Duration.ofSeconds(20)).until(() -> TracedTasks.seen.containsKey("order-1"));
			TraceContext inBody = TracedTasks.seen.get("order-1");
			assertThat(inBody.traceId()).isEqualTo(checkout.context().traceId());
			assertThat(inBody.parentId()).as("the run's span is a child of the submitter's")
				.isEqualTo(checkout.context().spanId());
			await().atMost(Duration.ofSeconds(10))
				.until(() -> this.tracing.finished.stream()
					.anyMatch((span) -> span.getName().equals(TracingTaskInterceptor.SPAN_NAME)));
			SpanData run = this.tracing.run(TracingTaskInterceptor.SPAN_NAME, taskId);
			assertThat(run.getTraceId()).isEqualTo(checkout.context().traceId());
			assertThat(run.getSpanId()).isEqualTo(inBody.spanId());
			assertThat(run.getKind()).isEqualTo(SpanKind.CONSUMER);
			assertThat(run.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
			assertThat(run.getAttributes().asMap().toString()).contains("asynctask.task=traced.ship")
				.contains("asynctask.queue=default")
				.contains("asynctask.attempt=1");
		});
	}

	@Test
	void aFailedRunMarksItsSpanWithTheError() {
		this.runner.run((context) -> {
			TracedTasks tasks = context.getBean(TracedTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Span checkout = this.tracing.tracer.nextSpan().name("checkout").start();
			String taskId;
			try (Tracer.SpanInScope scope = this.tracing.tracer.withSpan(checkout)) {
				taskId = template.submit(TaskOptions.defaults(), () -> tasks.ship("broken")).taskId();
			}
			finally {
				checkout.end();
			}
			await().atMost(Duration.ofSeconds(20))
				.until(() -> this.tracing.finished.stream()
					.anyMatch((span) -> span.getName().equals(TracingTaskInterceptor.SPAN_NAME)));
			SpanData run = this.tracing.run(TracingTaskInterceptor.SPAN_NAME, taskId);
			assertThat(run.getTraceId()).isEqualTo(checkout.context().traceId());
			assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
			assertThat(run.getEvents().toString()).contains("courier refused broken");
		});
	}

	@Test
	void aTaskSubmittedOutsideAnySpanStartsItsOwnTrace() {
		this.runner.run((context) -> {
			TracedTasks tasks = context.getBean(TracedTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			assertThat(this.tracing.tracer.currentSpan()).isNull();
			String taskId = template.submit(TaskOptions.defaults(), () -> tasks.ship("untraced")).taskId();
			await().atMost(Duration.ofSeconds(20))
				.until(() -> this.tracing.finished.stream()
					.anyMatch((span) -> span.getName().equals(TracingTaskInterceptor.SPAN_NAME)));
			SpanData run = this.tracing.run(TracingTaskInterceptor.SPAN_NAME, taskId);
			assertThat(run.getParentSpanContext().isValid()).isFalse();
			assertThat(TracedTasks.seen.get("untraced").traceId()).isEqualTo(run.getTraceId());
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class TracedTasksConfiguration {

		@Bean
		TracedTasks tracedTasks(Tracer tracer) {
			return new TracedTasks(tracer);
		}

	}

	/** Records the trace context its body runs in. */
	public static class TracedTasks {

		// Static: the test holds the bean's proxy, whose own fields are not the target's.
		static final Map<String, TraceContext> seen = new ConcurrentHashMap<>();

		private final Tracer tracer;

		TracedTasks(Tracer tracer) {
			this.tracer = tracer;
		}

		@AsyncTask(name = "traced.ship", maxRetries = 0)
		public void ship(String order) {
			Span current = this.tracer.currentSpan();
			if (current != null) {
				seen.put(order, current.context());
			}
			if (order.equals("broken")) {
				throw new IllegalStateException("courier refused " + order);
			}
		}

	}

}
