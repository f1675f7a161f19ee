package io.github.asynctask.metrics;

import io.github.asynctask.batch.BatchMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts batches as {@code asynctask.batch.created}, {@code .succeeded} (every child
 * completed), {@code .completed} (ended with dead children), {@code .cancelled} and
 * {@code .owed.reported}; summed over instances each batch counts once. Also
 * {@code asynctask.tasks.cancelled} by queue.
 */
public final class MicrometerBatchMeters implements BatchMeters {

	/** The prefix of the counters' names. */
	public static final String PREFIX = "asynctask.batch.";

	private final Counter created;

	private final Counter succeeded;

	private final Counter completed;

	private final Counter cancelled;

	private final Counter owedReported;

	private final MeterRegistry registry;

	public MicrometerBatchMeters(MeterRegistry registry) {
		this.registry = registry;
		this.owedReported = counter(registry, "owed.reported",
				"Children that ended without their worker (cancelled, deleted, buried), reported to their batch");
		this.created = counter(registry, "created", "Batches sealed with their children");
		this.succeeded = counter(registry, "succeeded", "Batches whose children all completed");
		this.completed = counter(registry, "completed", "Batches that ended with dead children");
		this.cancelled = counter(registry, "cancelled", "Batches cancelled before they ended");
	}

	private static Counter counter(MeterRegistry registry, String name, String description) {
		return Counter.builder(PREFIX + name).description(description).register(registry);
	}

	@Override
	public void created() {
		this.created.increment();
	}

	@Override
	public void ended(String state) {
		("s".equals(state) ? this.succeeded : this.completed).increment();
	}

	@Override
	public void cancelled() {
		this.cancelled.increment();
	}

	@Override
	public void taskCancelled(String queue, boolean running) {
		Counter.builder("asynctask.tasks.cancelled")
			.description("Tasks cancelled through AsyncTaskTemplate.cancel by this instance")
			.tag("queue", queue)
			.tag("state", running ? "running" : "not-started")
			.register(this.registry)
			.increment();
	}

	@Override
	public void owedReported(int reports) {
		this.owedReported.increment(reports);
	}

}
