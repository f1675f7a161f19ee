package io.github.asynctask.outbox;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The outbox's meters: {@code asynctask.outbox.rows} (rows waiting),
 * {@code asynctask.outbox.oldest} (age of the oldest row, seconds),
 * {@code asynctask.outbox.relayed}, {@code asynctask.outbox.buried} (rows sent to a dead
 * set: unreadable, or refused by Redis) and {@code asynctask.outbox.relay.errors} (rounds
 * that failed), all tagged with the table.
 */
public final class OutboxMeters implements MeterBinder {

	private final OutboxBacklog backlog;

	private final OutboxRelay relay;

	public OutboxMeters(OutboxBacklog backlog, OutboxRelay relay) {
		this.backlog = backlog;
		this.relay = relay;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		String table = this.backlog.table();
		Gauge.builder("asynctask.outbox.rows", this.backlog, (backlog) -> backlog.current().rows())
			.description("Tasks waiting in the outbox table for Redis")
			.tag("table", table)
			.register(registry);
		Gauge
			.builder("asynctask.outbox.oldest", this.backlog,
					(backlog) -> backlog.current().oldest().toMillis() / 1000.0)
			.description("Age of the oldest task waiting in the outbox table")
			.baseUnit("seconds")
			.tag("table", table)
			.register(registry);
		FunctionCounter.builder("asynctask.outbox.relayed", this.relay, OutboxRelay::relayed)
			.description("Outbox rows the relay moved to Redis")
			.tag("table", table)
			.register(registry);
		FunctionCounter.builder("asynctask.outbox.buried", this.relay, OutboxRelay::buried)
			.description("Outbox rows the relay sent to a dead set: unreadable, or refused by Redis")
			.tag("table", table)
			.register(registry);
		FunctionCounter.builder("asynctask.outbox.relay.errors", this.relay, OutboxRelay::errors)
			.description("Outbox relay rounds that failed (Redis or the database unreachable)")
			.tag("table", table)
			.register(registry);
	}

}
