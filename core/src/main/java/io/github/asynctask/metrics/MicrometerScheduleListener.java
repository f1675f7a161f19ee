package io.github.asynctask.metrics;

import io.github.asynctask.schedule.ScheduleListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts what this instance's ticks gave as {@code asynctask.schedule.ticks}, tagged
 * {@code task} and {@code outcome} ({@code fired}, {@code skipped-overlap},
 * {@code missed}). Summed over instances it counts each tick once: only the instance
 * whose script call handled a tick counts it.
 */
public final class MicrometerScheduleListener implements ScheduleListener {

	/** The counter's name. */
	public static final String TICKS = "asynctask.schedule.ticks";

	private final MeterRegistry registry;

	public MicrometerScheduleListener(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void ticks(String schedule, TickOutcome outcome, int count) {
		Counter.builder(TICKS)
			.description("Ticks of periodic tasks by outcome")
			.tag("task", schedule)
			.tag("outcome", outcome.tag())
			.register(this.registry)
			.increment(count);
	}

}
