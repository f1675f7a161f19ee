package io.github.asynctask.tracing;

import java.util.Map;

import io.github.asynctask.SubmitInterceptor;
import io.github.asynctask.definition.TaskDefinition;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.jspecify.annotations.Nullable;

/**
 * Writes the submitting thread's trace context into the task's headers (for example the
 * W3C {@code traceparent}, whatever the application's {@link Propagator} speaks), so the
 * worker's run continues the caller's trace. A submit outside any span adds nothing.
 */
public final class TracingSubmitInterceptor implements SubmitInterceptor {

	private final Tracer tracer;

	private final Propagator propagator;

	public TracingSubmitInterceptor(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	@Override
	public void beforeSubmit(TaskDefinition definition, @Nullable Object[] args, Map<String, String> headers) {
		Span current = this.tracer.currentSpan();
		if (current != null) {
			this.propagator.inject(current.context(), headers, Map::put);
		}
	}

}
