package io.github.asynctask.autoconfigure.observation;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * A real tracer (OpenTelemetry through Micrometer's bridge) with W3C propagation that
 * keeps finished spans in memory, and an observation registry with the tracing handlers,
 * as Spring Boot would set them up minus the exporter.
 */
final class InMemoryTracing {

	final List<SpanData> finished = new CopyOnWriteArrayList<>();

	final OtelTracer tracer;

	final OtelPropagator propagator;

	final ObservationRegistry observations = ObservationRegistry.create();

	InMemoryTracing() {
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.addSpanProcessor(SimpleSpanProcessor.create(new Collector()))
			.build();
		io.opentelemetry.api.trace.Tracer otel = provider.get("async-task-tests");
		OtelCurrentTraceContext current = new OtelCurrentTraceContext();
		this.tracer = new OtelTracer(otel, current, (event) -> {
		}, new OtelBaggageManager(current, List.of(), List.of()));
		this.propagator = new OtelPropagator(ContextPropagators.create(W3CTraceContextPropagator.getInstance()), otel);
		this.observations.observationConfig()
			.observationHandler(new FirstMatchingCompositeObservationHandler(
					new PropagatingSenderTracingObservationHandler<>(this.tracer, this.propagator),
					new PropagatingReceiverTracingObservationHandler<>(this.tracer, this.propagator),
					new DefaultTracingObservationHandler(this.tracer)));
	}

	/** The finished span of this name and task id. */
	SpanData run(String name, String taskId) {
		return this.finished.stream()
			.filter((span) -> span.getName().equals(name))
			.filter((span) -> taskId.equals(span.getAttributes()
				.asMap()
				.entrySet()
				.stream()
				.filter((entry) -> entry.getKey().getKey().equals("asynctask.task.id"))
				.map((entry) -> String.valueOf(entry.getValue()))
				.findFirst()
				.orElse(null)))
			.findFirst()
			.orElseThrow(() -> new AssertionError(
					"No finished span " + name + " of task " + taskId + " in " + this.finished));
	}

	private final class Collector implements SpanExporter {

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			InMemoryTracing.this.finished.addAll(spans);
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			return CompletableResultCode.ofSuccess();
		}

	}

}
