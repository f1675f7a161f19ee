package io.github.asynctask.testing;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One submit seen by {@link AsyncTaskRecorder}, with the arguments as a worker would read
 * them back: written by the application's codec and read again by the method's parameter
 * types.
 *
 * @param id the task id the submit got
 * @param name the task name
 * @param queue the queue it was submitted to
 * @param args the arguments, read back by their declared types
 * @param headers the headers submit interceptors added
 * @param maxRetries retries allowed after the first attempt
 * @param delay the delay asked for, {@code null} for none
 * @param at the run-at instant asked for, {@code null} for none
 * @param bizId the business id, {@code null} for none
 */
public record RecordedTask(String id, String name, String queue, List<@Nullable Object> args,
		Map<String, String> headers, int maxRetries, @Nullable Duration delay, @Nullable Instant at,
		@Nullable String bizId) {

	/**
	 * The argument at {@code index}, as the given type.
	 * @throws ClassCastException when it is of another type
	 */
	public <T> @Nullable T arg(int index, Class<T> type) {
		return type.cast(this.args.get(index));
	}

}
