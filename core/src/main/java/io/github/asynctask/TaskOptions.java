package io.github.asynctask;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Per-call options for {@link AsyncTaskTemplate#submit}; immutable, each method returns a
 * new instance. An option left unset falls back to the task's {@code @AsyncTask}
 * attributes, then to the configured defaults.
 */
public final class TaskOptions {

	private static final TaskOptions DEFAULTS = new TaskOptions(null, null, null, null, null, null, List.of());

	private final @Nullable Duration delay;

	private final @Nullable Instant at;

	private final @Nullable String bizId;

	private final @Nullable String queue;

	private final @Nullable Integer maxRetries;

	private final @Nullable Duration timeout;

	/** Ids of the tasks this one runs after (flows); empty for none. */
	private final List<String> after;

	private TaskOptions(@Nullable Duration delay, @Nullable Instant at, @Nullable String bizId, @Nullable String queue,
			@Nullable Integer maxRetries, @Nullable Duration timeout, List<String> after) {
		this.after = after;
		this.delay = delay;
		this.at = at;
		this.bizId = bizId;
		this.queue = queue;
		this.maxRetries = maxRetries;
		this.timeout = timeout;
	}

	/** Options that change nothing. */
	public static TaskOptions defaults() {
		return DEFAULTS;
	}

	/** Run no earlier than this long after the submit; replaces any {@link #at}. */
	public TaskOptions delay(Duration delay) {
		if (delay.isNegative()) {
			throw new IllegalArgumentException("Task delay must not be negative but was " + delay);
		}
		return new TaskOptions(delay, null, this.bizId, this.queue, this.maxRetries, this.timeout, this.after);
	}

	/** Run no earlier than this instant; replaces any {@link #delay}. */
	public TaskOptions at(Instant at) {
		return new TaskOptions(null, Objects.requireNonNull(at, "at"), this.bizId, this.queue, this.maxRetries,
				this.timeout, this.after);
	}

	/** Business id for dedup; replaces the task's {@code bizId} expression. */
	public TaskOptions bizId(String bizId) {
		if (bizId == null || bizId.isEmpty()) {
			throw new IllegalArgumentException("Task bizId must not be empty");
		}
		return new TaskOptions(this.delay, this.at, bizId, this.queue, this.maxRetries, this.timeout, this.after);
	}

	/** Queue to submit to instead of the task's. */
	public TaskOptions queue(String queue) {
		return new TaskOptions(this.delay, this.at, this.bizId, QueueName.check(queue), this.maxRetries, this.timeout,
				this.after);
	}

	/** Retries after the first attempt ({@code 0}: never retry). */
	public TaskOptions maxRetries(int maxRetries) {
		if (maxRetries < 0) {
			throw new IllegalArgumentException("Task maxRetries must be >= 0 but was " + maxRetries);
		}
		return new TaskOptions(this.delay, this.at, this.bizId, this.queue, maxRetries, this.timeout, this.after);
	}

	/** Longest one attempt may run. */
	public TaskOptions timeout(Duration timeout) {
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("Task timeout must be positive but was " + timeout);
		}
		return new TaskOptions(this.delay, this.at, this.bizId, this.queue, this.maxRetries, timeout, this.after);
	}

	/** The delay, if set. */
	/**
	 * Run only after every one of these tasks completed (fan-in; pass the previous
	 * receipt for a chain). Receipts deferred until commit work too. Until then the task
	 * waits (receipt {@code WAITING}), at most the task's wait timeout.
	 */
	public TaskOptions after(TaskReceipt... receipts) {
		List<String> ids = new ArrayList<>(this.after);
		for (TaskReceipt receipt : receipts) {
			ids.add(Objects.requireNonNull(receipt, "receipt").taskId());
		}
		return withAfter(ids);
	}

	/** Run only after every one of the tasks with these ids completed. */
	public TaskOptions after(String... taskIds) {
		List<String> ids = new ArrayList<>(this.after);
		for (String id : taskIds) {
			if (id == null || id.isBlank()) {
				throw new IllegalArgumentException("after takes task ids, but one was blank or null");
			}
			ids.add(id);
		}
		return withAfter(ids);
	}

	private TaskOptions withAfter(List<String> ids) {
		return new TaskOptions(this.delay, this.at, this.bizId, this.queue, this.maxRetries, this.timeout,
				List.copyOf(new LinkedHashSet<>(ids)));
	}

	/** Ids of the tasks this one runs after; empty for none. */
	public List<String> getAfter() {
		return this.after;
	}

	public @Nullable Duration getDelay() {
		return this.delay;
	}

	/** The run-at instant, if set. */
	public @Nullable Instant getAt() {
		return this.at;
	}

	/** The business id, if set. */
	public @Nullable String getBizId() {
		return this.bizId;
	}

	/** The queue, if set. */
	public @Nullable String getQueue() {
		return this.queue;
	}

	/** The retries, if set. */
	public @Nullable Integer getMaxRetries() {
		return this.maxRetries;
	}

	/** The timeout, if set. */
	public @Nullable Duration getTimeout() {
		return this.timeout;
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return (other instanceof TaskOptions that) && Objects.equals(this.delay, that.delay)
				&& Objects.equals(this.at, that.at) && Objects.equals(this.bizId, that.bizId)
				&& Objects.equals(this.queue, that.queue) && Objects.equals(this.maxRetries, that.maxRetries)
				&& Objects.equals(this.timeout, that.timeout) && this.after.equals(that.after);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.delay, this.at, this.bizId, this.queue, this.maxRetries, this.timeout, this.after);
	}

	@Override
	public String toString() {
		return "TaskOptions[delay=" + this.delay + ", at=" + this.at + ", bizId=" + this.bizId + ", queue=" + this.queue
				+ ", maxRetries=" + this.maxRetries + ", timeout=" + this.timeout + ", after=" + this.after + "]";
	}

}
