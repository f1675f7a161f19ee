package io.github.asynctask.redis;

import java.time.Duration;
import java.time.Instant;

import io.github.asynctask.QueueName;

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
 */
public record EnqueueRequest(String queue, String id, String name, String payload, int maxRetries,
		@Nullable Duration delay, @Nullable Instant at, @Nullable String bizId, Duration dedupTtl) {

	public EnqueueRequest {
		QueueName.check(queue);
		if (maxRetries < 0) {
			throw new IllegalArgumentException("maxRetries of task '" + name + "' must be >= 0 but was " + maxRetries);
		}
	}

	/** An immediate task without dedup. */
	public static EnqueueRequest now(String queue, String id, String name, String payload, int maxRetries) {
		return new EnqueueRequest(queue, id, name, payload, maxRetries, null, null, null, Duration.ZERO);
	}

	public EnqueueRequest withDelay(Duration delay) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, delay, null,
				this.bizId, this.dedupTtl);
	}

	public EnqueueRequest withAt(Instant at) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, null, at, this.bizId,
				this.dedupTtl);
	}

	public EnqueueRequest withBizId(String bizId, Duration dedupTtl) {
		return new EnqueueRequest(this.queue, this.id, this.name, this.payload, this.maxRetries, this.delay, this.at,
				bizId, dedupTtl);
	}

}
