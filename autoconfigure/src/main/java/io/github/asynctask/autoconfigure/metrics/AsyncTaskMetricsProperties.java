package io.github.asynctask.autoconfigure.metrics;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the async-task meters.
 */
@ConfigurationProperties("async-task.metrics")
public class AsyncTaskMetricsProperties {

	/**
	 * Longest time a queue gauge may show a cached value; Redis is read at most once per
	 * interval per queue, however many gauges and scrapes.
	 */
	private Duration queueRefreshInterval = Duration.ofSeconds(10);

	public Duration getQueueRefreshInterval() {
		return this.queueRefreshInterval;
	}

	public void setQueueRefreshInterval(Duration queueRefreshInterval) {
		this.queueRefreshInterval = queueRefreshInterval;
	}

}
