package io.github.asynctask.tracing;

import java.util.Map;

import io.github.asynctask.TaskExecution;
import io.github.asynctask.TaskInterceptor;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

/**
 * Runs each attempt in a span named {@value #SPAN_NAME}, a child of the trace context the
 * submitter left in the task's headers (a new trace when there is none), so the body's
 * own spans and log lines join the caller's trace. A failed attempt marks the span with
 * its error.
 */
public final class TracingTaskInterceptor implements TaskInterceptor {

	/** Name of the span around one run. */
	public static final String SPAN_NAME = "asynctask.task.run";

	private final Tracer tracer;

	private final Propagator propagator;

	public TracingTaskInterceptor(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	@Override
	public void around(TaskExecution execution, Chain chain) throws Throwable {
		Span span = this.propagator.extract(execution.headers(), Map::get)
			.name(SPAN_NAME)
			.kind(Span.Kind.CONSUMER)
			.tag("asynctask.task", execution.name())
			.tag("asynctask.queue", execution.queue())
			.tag("asynctask.task.id", execution.taskId())
			.tag("asynctask.attempt", execution.attempt())
			.start();
		try (Tracer.SpanInScope scope = this.tracer.withSpan(span)) {
			chain.proceed();
		}
		catch (Throwable ex) {
			span.error(ex);
			throw ex;
		}
		finally {
			span.end();
		}
	}

}
