package io.github.asynctask.metrics;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.event.TaskListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter.MeterProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Counts task events of this instance as {@code asynctask.tasks.*} counters and times
 * every attempt with {@code asynctask.task.duration}, each tagged {@code queue} and
 * {@code task}; also exposes the after-commit re-send buffer as
 * {@code asynctask.resend.buffer}.
 */
public final class MicrometerTaskListener implements TaskListener {

	/** Name of the gauge of committed submits waiting to be re-sent to Redis. */
	public static final String RESEND_BUFFER = "asynctask.resend.buffer";

	private final MeterProvider<Counter> submitted;

	private final MeterProvider<Counter> deduplicated;

	private final MeterProvider<Counter> completed;

	private final MeterProvider<Counter> failed;

	private final MeterProvider<Counter> retried;

	private final MeterProvider<Counter> dead;

	private final MeterProvider<Counter> hung;

	private final MeterProvider<Counter> deadDropped;

	private final MeterProvider<Timer> duration;

	private final MeterProvider<Counter> rateLimited;

	private final MeterProvider<Counter> keyBlocked;

	private final MeterProvider<Counter> rejected;

	// Written by submitting threads, read by the registry when it publishes.
	private final AtomicInteger resendBuffer = new AtomicInteger();

	public MicrometerTaskListener(MeterRegistry registry) {
		this.submitted = counter(registry, "submitted", "Tasks recorded in Redis by this instance");
		this.deduplicated = counter(registry, "deduplicated", "Submits dropped because their bizId was remembered");
		this.completed = counter(registry, "completed", "Attempts that succeeded on this instance");
		this.failed = counter(registry, "failed", "Attempts that failed on this instance");
		this.retried = counter(registry, "retried", "Tasks scheduled for another attempt");
		this.dead = counter(registry, "dead", "Tasks moved to dead");
		this.hung = counter(registry, "hung", "Attempts that ignored their timeout interrupt and hold their thread");
		this.deadDropped = counter(registry, "dead.dropped",
				"Oldest dead tasks dropped because the queue held more than async-task.retention.dead-max");
		this.rateLimited = Counter.builder("asynctask.ratelimit.delayed")
			.description("Fetches that found the queue's rate limit reached while tasks were pending, and waited")
			.withRegistry(registry);
		this.rejected = Counter.builder("asynctask.queue.rejected")
			.description("Submits refused because the queue held its max-backlog (QueueFullException)")
			.withRegistry(registry);
		this.keyBlocked = Counter.builder("asynctask.concurrency.key.blocked")
			.description("Fetches that passed over pending tasks whose concurrency key ran as many as it may")
			.withRegistry(registry);
		this.duration = Timer.builder("asynctask.task.duration")
			.description("Run time of each attempt, successful or not")
			.withRegistry(registry);
		Gauge.builder(RESEND_BUFFER, this.resendBuffer, AtomicInteger::get)
			.description("Committed submits waiting to be re-sent to Redis")
			.register(registry);
	}

	private static MeterProvider<Counter> counter(MeterRegistry registry, String event, String description) {
		return Counter.builder("asynctask.tasks." + event).description(description).withRegistry(registry);
	}

	@Override
	public void submitted(String queue, String task) {
		this.submitted.withTags("queue", queue, "task", task).increment();
	}

	@Override
	public void deduplicated(String queue, String task) {
		this.deduplicated.withTags("queue", queue, "task", task).increment();
	}

	@Override
	public void completed(String queue, String task, Duration duration) {
		this.completed.withTags("queue", queue, "task", task).increment();
		this.duration.withTags("queue", queue, "task", task).record(duration);
	}

	@Override
	public void failed(String queue, String task, Duration duration, Throwable error, boolean willRetry) {
		this.failed.withTags("queue", queue, "task", task).increment();
		this.duration.withTags("queue", queue, "task", task).record(duration);
	}

	@Override
	public void retried(String queue, String task) {
		this.retried.withTags("queue", queue, "task", task).increment();
	}

	@Override
	public void dead(String queue, String task, String reason) {
		this.dead.withTags("queue", queue, "task", task).increment();
	}

	@Override
	public void hung(String queue, String task, Duration timeout) {
		this.hung.withTags("queue", queue, "task", task).increment();
	}

	@Override
	public void rateLimited(String queue, Duration wait) {
		this.rateLimited.withTags("queue", queue).increment();
	}

	@Override
	public void rejected(String queue, String task) {
		this.rejected.withTags("queue", queue).increment();
	}

	@Override
	public void concurrencyKeyBlocked(String queue) {
		this.keyBlocked.withTags("queue", queue).increment();
	}

	@Override
	public void deadDropped(String queue, int count) {
		this.deadDropped.withTags("queue", queue).increment(count);
	}

	@Override
	public void resendBufferSize(int size) {
		this.resendBuffer.set(size);
	}

	@Override
	public String toString() {
		return "MicrometerTaskListener";
	}

}
