package io.github.asynctask;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A snapshot of one task as stored in Redis.
 *
 * @param id the task id (time-ordered)
 * @param name the stable task name
 * @param queue the queue the task belongs to
 * @param state the state at the time it was read
 * @param attempts how many times the task was handed to a worker
 * @param maxRetries retries allowed after the first attempt
 * @param lastError the class and message of the last failure, if any
 * @param createdAt when the task was submitted (Redis time)
 * @param updatedAt when the task last changed state (Redis time)
 * @param payload the task's stored payload (arguments and headers) as JSON
 * @param progress the last progress its body reported
 * ({@link io.github.asynctask.context.TaskContext#progress}), {@code null} for none
 */
public record TaskInfo(String id, String name, String queue, TaskState state, int attempts, int maxRetries,
		@Nullable String lastError, Instant createdAt, Instant updatedAt, String payload,
		@Nullable TaskProgress progress) {

	/** A task without reported progress. */
	public TaskInfo(String id, String name, String queue, TaskState state, int attempts, int maxRetries,
			@Nullable String lastError, Instant createdAt, Instant updatedAt, String payload) {
		this(id, name, queue, state, attempts, maxRetries, lastError, createdAt, updatedAt, payload, null);
	}

}
