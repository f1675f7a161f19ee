package io.github.asynctask.autoconfigure.observation;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.context.CallerContext;
import io.github.asynctask.observation.TaskObservations;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.MDC;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Over the Observation API with OpenTelemetry behind Micrometer Tracing's bridge and a
 * real Redis: a task submitted inside a span is submitted in a producer span of the same
 * trace and runs, on a worker thread, in a consumer span whose parent is that producer
 * span; a failed run's span carries the error; a task submitted outside any span starts a
 * trace of its own; and on another application context the body sees the trace, the MDC
 * request id and the signed-in user of the caller.
 */
@ExtendWith(RedisExtension.class)
class TracingIntegrationTests {

	private final InMemoryTracing tracing = new InMemoryTracing();

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		TracedTasks.seen.clear();
		this.runner = CallerContext.instance(redis, AsyncTaskObservationAutoConfiguration.class)
			.withUserConfiguration(TracedTasksConfiguration.class)
			.withBean(Tracer.class, () -> this.tracing.tracer)
			.withBean(ObservationRegistry.class, () -> this.tracing.observations);
	}

	@AfterEach
	void clear() {
		CallerContext.clear();
	}

	@Test
	void theRunContinuesTheSubmittersTraceThroughTheSubmitSpan() {
		this.runner.run((context) -> {
			Span checkout = this.tracing.tracer.nextSpan().name("checkout").start();
			String taskId = submitIn(checkout, context, "order-1");

			await().atMost(Duration.ofSeconds(20)).until(() -> TracedTasks.seen.containsKey("order-1"));
			SpanData submit = finished(TaskObservations.SUBMIT);
			assertThat(submit.getKind()).isEqualTo(SpanKind.PRODUCER);
			assertThat(submit.getTraceId()).isEqualTo(checkout.context().traceId());
			assertThat(submit.getParentSpanId()).as("the submit span is a child of the caller's")
				.isEqualTo(checkout.context().spanId());
			assertThat(submit.getAttributes().asMap().toString()).contains("asynctask.task=traced.ship")
				.contains("asynctask.queue=default");
			TraceContext inBody = TracedTasks.seen.get("order-1").trace();
			assertThat(inBody.traceId()).isEqualTo(checkout.context().traceId());
			assertThat(inBody.parentId()).as("the run's span is a child of the submit span")
				.isEqualTo(submit.getSpanId());
			await().atMost(Duration.ofSeconds(10)).until(() -> isFinished(TaskObservations.RUN));
			SpanData run = this.tracing.run(TaskObservations.RUN, taskId);
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
			Span checkout = this.tracing.tracer.nextSpan().name("checkout").start();
			String taskId = submitIn(checkout, context, "broken");
			await().atMost(Duration.ofSeconds(20)).until(() -> isFinished(TaskObservations.RUN));
			SpanData run = this.tracing.run(TaskObservations.RUN, taskId);
			assertThat(run.getTraceId()).isEqualTo(checkout.context().traceId());
			assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
			assertThat(run.getEvents().toString() + run.getStatus()).contains("courier refused broken");
		});
	}

	@Test
	void aTaskSubmittedOutsideAnySpanStartsItsOwnTrace() {
		this.runner.run((context) -> {
			TracedTasks tasks = context.getBean(TracedTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			assertThat(this.tracing.tracer.currentSpan()).isNull();
			String taskId = template.submit(TaskOptions.defaults(), () -> tasks.ship("untraced")).taskId();
			await().atMost(Duration.ofSeconds(20)).until(() -> isFinished(TaskObservations.RUN));
			SpanData run = this.tracing.run(TaskObservations.RUN, taskId);
			SpanData submit = finished(TaskObservations.SUBMIT);
			assertThat(submit.getParentSpanContext().isValid()).isFalse();
			assertThat(run.getParentSpanId()).isEqualTo(submit.getSpanId());
			assertThat(TracedTasks.seen.get("untraced").trace().traceId()).isEqualTo(run.getTraceId());
		});
	}

	@Test
	void onAnotherInstanceTheBodySeesTheCallersTraceRequestIdAndUser() {
		this.runner.run((worker) -> this.runner.withPropertyValues("async-task.worker.enabled=false").run((web) -> {
			Span request = this.tracing.tracer.nextSpan().name("POST /orders").start();
			try (Tracer.SpanInScope scope = this.tracing.tracer.withSpan(request)) {
				MDC.put("requestId", "req-9");
				SecurityContextHolder.getContext()
					.setAuthentication(UsernamePasswordAuthenticationToken.authenticated("bob", null,
							AuthorityUtils.createAuthorityList("ROLE_CLERK")));
				web.getBean(TracedTasks.class).ship("order-9");
			}
			finally {
				request.end();
				CallerContext.clear();
			}
			await().atMost(Duration.ofSeconds(20)).until(() -> TracedTasks.seen.containsKey("order-9"));
			Seen seen = TracedTasks.seen.get("order-9");
			assertThat(seen.trace().traceId()).isEqualTo(request.context().traceId());
			assertThat(seen.requestId()).isEqualTo("req-9");
			assertThat(seen.user()).isEqualTo("bob [ROLE_CLERK]");
		}));
	}

	/** Submits {@code ship(order)} with the span current, then ends the span. */
	private String submitIn(Span span, ApplicationContext context, String order) {
		TracedTasks tasks = context.getBean(TracedTasks.class);
		try (Tracer.SpanInScope scope = this.tracing.tracer.withSpan(span)) {
			return context.getBean(AsyncTaskTemplate.class)
				.submit(TaskOptions.defaults(), () -> tasks.ship(order))
				.taskId();
		}
		finally {
			span.end();
		}
	}

	private boolean isFinished(String name) {
		return this.tracing.finished.stream().anyMatch((span) -> span.getName().equals(name));
	}

	private SpanData finished(String name) {
		await().atMost(Duration.ofSeconds(10)).until(() -> isFinished(name));
		return this.tracing.finished.stream().filter((span) -> span.getName().equals(name)).findFirst().orElseThrow();
	}

	@Configuration(proxyBeanMethods = false)
	static class TracedTasksConfiguration {

		@Bean
		TracedTasks tracedTasks(Tracer tracer) {
			return new TracedTasks(tracer);
		}

	}

	record Seen(TraceContext trace, String requestId, String user) {
	}

	/** Records the trace context, request id and user its body runs with. */
	public static class TracedTasks {

		// Static: the test holds the bean's proxy, whose own fields are not the target's.
		static final Map<String, Seen> seen = new ConcurrentHashMap<>();

		private final Tracer tracer;

		TracedTasks(Tracer tracer) {
			this.tracer = tracer;
		}

		@AsyncTask(name = "traced.ship", maxRetries = 0)
		public void ship(String order) {
			Span current = this.tracer.currentSpan();
			Authentication user = SecurityContextHolder.getContext().getAuthentication();
			if (current != null) {
				seen.put(order, new Seen(current.context(), String.valueOf(MDC.get("requestId")),
						(user != null) ? user.getName() + " " + user.getAuthorities() : "none"));
			}
			if (order.equals("broken")) {
				throw new IllegalStateException("courier refused " + order);
			}
		}

	}

}
