package io.github.asynctask;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One attempt of a task as a {@link TaskInterceptor} sees it.
 *
 * @param taskId the task id
 * @param name the stable task name
 * @param queue the queue it was fetched from
 * @param attempt the 1-based attempt number, counted at fetch
 * @param maxRetries retries allowed after the first attempt
 * @param headers headers added when the task was submitted (never {@code null})
 */
public record TaskExecution(String taskId, String name, String queue, int attempt, int maxRetries,
		Map<String, String> headers) {

	public TaskExecution {
		headers = Map.copyOf(headers);
	}

	/** The header of this name, or {@code null} when the task does not carry it. */
	public @Nullable String header(String headerName) {
		return this.headers.get(headerName);
	}

	/** Whether this is the last attempt: a failure now ends in dead. */
	public boolean isLastAttempt() {
		return this.attempt > this.maxRetries;
	}

}
