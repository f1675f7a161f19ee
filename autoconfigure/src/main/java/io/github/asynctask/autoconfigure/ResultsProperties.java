package io.github.asynctask.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Bounds of the result futures one instance keeps waiting (task methods returning
 * {@code CompletableFuture<T>}, {@code AsyncTaskTemplate.result}), bound from
 * {@code async-task.results.*}. How long results are kept is
 * {@code async-task.retention.results}.
 */
@ConfigurationProperties("async-task.results")
public class ResultsProperties {

	/**
	 * Most result futures waiting at once on this instance; a future asked for beyond it
	 * fails at once with ResultUnavailableException (its task is not affected).
	 */
	private int maxWaiting = 100_000;

	/**
	 * How long a result future waits for its task to reach Redis (a transaction still
	 * open, a commit whose tasks Redis did not take) before it fails with
	 * ResultUnavailableException.
	 */
	private Duration submitTimeout = Duration.ofHours(1);

	public int getMaxWaiting() {
		return this.maxWaiting;
	}

	public void setMaxWaiting(int maxWaiting) {
		this.maxWaiting = maxWaiting;
	}

	public Duration getSubmitTimeout() {
		return this.submitTimeout;
	}

	public void setSubmitTimeout(Duration submitTimeout) {
		this.submitTimeout = submitTimeout;
	}

}
