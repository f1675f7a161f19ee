package io.github.asynctask;

import java.time.Duration;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * How {@link AsyncTaskTemplate#batch} records a batch: its name and its callbacks, each
 * one call of a task method (captured like {@link AsyncTaskTemplate#submit}'s call)
 * enqueued exactly once; immutable, each method returns a new instance.
 */
public final class BatchOptions {

	/** How long an ended or cancelled batch is kept by default. */
	public static final Duration DEFAULT_KEEP = Duration.ofDays(7);

	private final String name;

	private final @Nullable Runnable onSuccess;

	private final @Nullable Runnable onComplete;

	private final @Nullable Runnable onDeath;

	private final Duration keep;

	private BatchOptions(String name, @Nullable Runnable onSuccess, @Nullable Runnable onComplete,
			@Nullable Runnable onDeath, Duration keep) {
		this.name = name;
		this.onSuccess = onSuccess;
		this.onComplete = onComplete;
		this.onDeath = onDeath;
		this.keep = keep;
	}

	/** Options without a name or callbacks. */
	public static BatchOptions defaults() {
		return new BatchOptions("", null, null, null, DEFAULT_KEEP);
	}

	/** Options of a batch with this name (shown by the endpoint and the console). */
	public static BatchOptions named(String name) {
		if (name == null || name.isBlank() || name.length() > 200) {
			throw new IllegalArgumentException(
					"A batch name must be 1 to 200 characters, not blank, but was '" + name + "'");
		}
		return new BatchOptions(name, null, null, null, DEFAULT_KEEP);
	}

	/** The task call enqueued once every child completed. */
	public BatchOptions onSuccess(Runnable call) {
		return new BatchOptions(this.name, Objects.requireNonNull(call, "onSuccess"), this.onComplete, this.onDeath,
				this.keep);
	}

	/** The task call enqueued once every child ended and some went dead. */
	public BatchOptions onComplete(Runnable call) {
		return new BatchOptions(this.name, this.onSuccess, Objects.requireNonNull(call, "onComplete"), this.onDeath,
				this.keep);
	}

	/** The task call enqueued when the first child goes dead. */
	public BatchOptions onDeath(Runnable call) {
		return new BatchOptions(this.name, this.onSuccess, this.onComplete, Objects.requireNonNull(call, "onDeath"),
				this.keep);
	}

	/** How long the batch is kept once it ended or was cancelled (default 7 days). */
	public BatchOptions keep(Duration keep) {
		if (keep.compareTo(Duration.ofSeconds(1)) < 0) {
			throw new IllegalArgumentException("A batch must be kept at least 1s after it ended but keep was " + keep);
		}
		return new BatchOptions(this.name, this.onSuccess, this.onComplete, this.onDeath, keep);
	}

	/** The name, empty for none. */
	public String getName() {
		return this.name;
	}

	/** The onSuccess call, if set. */
	public @Nullable Runnable getOnSuccess() {
		return this.onSuccess;
	}

	/** The onComplete call, if set. */
	public @Nullable Runnable getOnComplete() {
		return this.onComplete;
	}

	/** The onDeath call, if set. */
	public @Nullable Runnable getOnDeath() {
		return this.onDeath;
	}

	/** How long the batch is kept once it ended. */
	public Duration getKeep() {
		return this.keep;
	}

}
