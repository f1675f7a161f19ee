package io.github.asynctask.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.script.StoredNumbers;
import org.jspecify.annotations.Nullable;

/**
 * One task to record in Redis.
 *
 * @param queue the queue (validated by {@link QueueName})
 * @param id the time-ordered task id chosen by the caller; re-sending the same id is a
 * no-op
 * @param name the stable task name
 * @param payload the opaque payload (arguments, headers, limits) as written by the codec
 * @param maxRetries retries allowed after the first attempt
 * @param delay run no earlier than this long after Redis receives the request;
 * {@code null} for none
 * @param at run no earlier than this instant (compared with Redis time); {@code null} for
 * none
 * @param bizId business id for dedup; {@code null} for none
 * @param dedupTtl how long the bizId is remembered
 * @param after what the task waits for before it may run (flows); empty for none
 * @param waitTimeout how long it waits at most (when {@code after} is not empty)
 * @param concurrencyKey the key whose running tasks are limited cluster-wide;
 * {@code null} for none
 * @param maxConcurrency how many tasks of {@code concurrencyKey} may run at once (0
 * without a key)
 * @param debounce the debounce window of its bizId: the last submit within it wins
 * ({@code enqueue_debounce.lua}); {@code null} for the first-wins dedup
 */
public record EnqueueRequest(String queue, String id, String name, String payload, int maxRetries,
		@Nullable Duration delay, @Nullable Instant at, @Nullable String bizId, Duration dedupTtl, List<Awaited> after,
		Duration waitTimeout, @Nullable String concurrencyKey, int maxConcurrency, @Nullable Duration debounce) {

	public EnqueueRequest {
		QueueName.check(queue);
		// each awaited condition once: one listed twice is met by one completion (no
		// stream for the common empty list: every submit builds a request)
		after = (after.size() < 2) ? List.copyOf(after) : after.stream().distinct().toList();
		if (maxRetries < 0 || maxRetries > StoredNumbers.MAX_RETRIES) {
			throw new IllegalArgumentException("maxRetries of task '" + name + "' must be within 0.."
					+ StoredNumbers.MAX_RETRIES + " but was " + maxRetries);
		}
		if (debounce != null && (bizId == null || !after.isEmpty() || debounce.toMillis() < 1)) {
			throw new IllegalArgumentException("Task '" + name + "' is debounced (" + debounce + "), which needs a "
					+ "bizId, a window of at least 1ms and no 'after'");
		}
		if (concurrencyKey != null && maxConcurrency < 1) {
			throw new IllegalArgumentException("maxConcurrency of task '" + name
					+ "' must be >= 1 with a concurrency key but was " + maxConcurrency);
		}
	}

	/** A request without debounce. */
	public EnqueueRequest(String queue, String id, String name, String payload, int maxRetries,
			@Nullable Duration delay, @Nullable Instant at, @Nullable String bizId, Duration dedupTtl,
			List<Awaited> after, Duration waitTimeout, @Nullable String concurrencyKey, int maxConcurrency) {
		this(queue, id, name, payload, maxRetries, delay, at, bizId, dedupTtl, after, waitTimeout, concurrencyKey,
				maxConcurrency, null);
	}

	/** A request without a concurrency key. */
	public EnqueueRequest(String queue, String id, String name, String payload, int maxRetries,
			@Nullable Duration delay, @Nullable Instant at, @Nullable String bizId, Duration dedupTtl,
			List<Awaited> after, Duration waitTimeout) {
		this(queue, id, name, payload, maxRetries, delay, at, bizId, dedupTtl, after, waitTimeout, null, 0);
	}

	/**
	 * One condition a waiting task waits for: met in {@code queue}'s slot.
	 *
	 * @param queue the queue of the awaited task
	 * @param condition {@code b:<bizKey>} for a task name and bizId, {@code i:<task id>}
	 * for a task id
	 */
	public record Awaited(String queue, String condition) {

		public Awaited {
			QueueName.check(queue);
			if (!isCondition(condition)) {
				throw new IllegalArgumentException("A task cannot wait for '" + condition + "' in queue '" + queue
						+ "': a condition is 'b:<name length>:<name>:<bizId>' or 'i:<task id>'");
			}
		}

		/**
		 * Whether {@code condition} is one a task can wait for: {@code b:} or {@code i:}
		 * and something after it.
		 */
		public static boolean isCondition(String condition) {
			return condition.length() > 2 && (condition.startsWith("b:") || condition.startsWith("i:"));
		}

		/** The condition met when task {@code taskId} of {@code queue} completes. */
		public static Awaited id(String queue, String taskId) {
			if (taskId.isEmpty()) {
				throw new IllegalArgumentException(
						"A task cannot run after an empty task id (queue '" + queue + "'): pass the id of a task");
			}
			return new Awaited(queue, "i:" + taskId);
		}

		/** The condition met when a task of this name and bizId completes. */
		public static Awaited task(String queue, String taskName, String bizId) {
			return new Awaited(queue, "b:" + RedisKeys.bizKey(taskName, bizId));
		}

	}

	/** An immediate task without dedup. */
	public static EnqueueRequest now(String queue, String id, String name, String payload, int maxRetries) {
		return new EnqueueRequest(queue, id, name, payload, maxRetries, null, null, null, Duration.ZERO, List.of(),
				Duration.ZERO);
	}

	/** The same request, waiting for {@code after} at most {@code waitTimeout}. */
	public EnqueueRequest withAfter(List<Awaited> after, Duration waitTimeout) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, this.delay, this.at,
				this.bizId, this.dedupTtl, after, waitTimeout, this.concurrencyKey, this.maxConcurrency, this.debounce);
	}

	public EnqueueRequest withDelay(Duration delay) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, delay, null,
				this.bizId, this.dedupTtl, this.after, this.waitTimeout, this.concurrencyKey, this.maxConcurrency,
				this.debounce);
	}

	public EnqueueRequest withAt(Instant at) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, null, at, this.bizId,
				this.dedupTtl, this.after, this.waitTimeout, this.concurrencyKey, this.maxConcurrency, this.debounce);
	}

	public EnqueueRequest withBizId(String bizId, Duration dedupTtl) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, this.delay, this.at,
				bizId, dedupTtl, this.after, this.waitTimeout, this.concurrencyKey, this.maxConcurrency, this.debounce);
	}

	/**
	 * At most {@code max} tasks of {@code key} run at once, across every instance; other
	 * keys' tasks are not held up behind them.
	 */
	public EnqueueRequest withConcurrencyKey(String key, int max) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, this.delay, this.at,
				this.bizId, this.dedupTtl, this.after, this.waitTimeout, key, max, this.debounce);
	}

	/**
	 * The same request in debounce mode: the last submit of its bizId within
	 * {@code window} wins (needs a bizId).
	 */
	public EnqueueRequest withDebounce(Duration window) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, this.delay, this.at,
				this.bizId, this.dedupTtl, this.after, this.waitTimeout, this.concurrencyKey, this.maxConcurrency,
				window);
	}

}
