package io.github.asynctask.worker;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.QueueName;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link WorkerContainer} runs and how, validated at construction with messages
 * that name the {@code async-task.*} property to fix.
 *
 * @param concurrencyByQueue worker threads by queue name, in start order
 * @param lease how long a delivery stays ours without a heartbeat
 * @param heartbeatInterval how often leases are renewed; at most a third of the lease
 * @param shutdownTimeout how long a stop waits for running bodies before requeueing them
 * @param pollInterval the longest an idle fetcher or forwarder waits when a wake-up is
 * lost
 * @param recoverInterval how often expired leases are looked for, before spreading by the
 * number of instances
 * @param janitorInterval how often completed and dead tasks are trimmed, before spreading
 * @param retention how long finished tasks are kept
 */
public record WorkerSettings(Map<String, Integer> concurrencyByQueue, Duration lease, Duration heartbeatInterval,
		Duration shutdownTimeout, Duration pollInterval, Duration recoverInterval, Duration janitorInterval,
		Retention retention) {

	/** Default of {@code async-task.lease}. */
	public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

	public WorkerSettings {
		concurrencyByQueue = validateQueues(concurrencyByQueue);
		positive("async-task.lease", lease);
		positive("heartbeat interval", heartbeatInterval);
		if (lease.compareTo(heartbeatInterval.multipliedBy(3)) < 0) {
			throw new IllegalArgumentException("async-task.lease (" + lease + ") must be at least 3 times the "
					+ "heartbeat interval (" + heartbeatInterval + ") so that one late heartbeat does not lose "
					+ "running tasks; raise async-task.lease or shorten the heartbeat interval");
		}
		if (shutdownTimeout.isNegative()) {
			throw new IllegalArgumentException(
					"async-task.shutdown-timeout must not be negative but was " + shutdownTimeout);
		}
		positive("poll interval", pollInterval);
		positive("recover interval", recoverInterval);
		positive("janitor interval", janitorInterval);
	}

	/** Settings for these queues with every other value at its default. */
	public static Builder builder(Map<String, Integer> concurrencyByQueue) {
		return new Builder(concurrencyByQueue);
	}

	private static Map<String, Integer> validateQueues(Map<String, Integer> concurrencyByQueue) {
		if (concurrencyByQueue.isEmpty()) {
			throw new IllegalArgumentException("A worker needs at least one queue; declare an @AsyncTask method, "
					+ "list one under async-task.queues, or set async-task.worker.enabled=false");
		}
		Map<String, Integer> copy = new LinkedHashMap<>();
		concurrencyByQueue.forEach((queue, concurrency) -> {
			try {
				QueueName.check(queue);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("Invalid queue name in async-task.queues: " + ex.getMessage(), ex);
			}
			if (concurrency == null || concurrency <= 0) {
				throw new IllegalArgumentException("async-task.queues." + queue + ".concurrency must be at least 1 "
						+ "but was " + concurrency + "; to leave a queue to other instances, set async-task.queues."
						+ queue + ".enabled=false");
			}
			copy.put(queue, concurrency);
		});
		return java.util.Collections.unmodifiableMap(copy);
	}

	private static void positive(String property, Duration value) {
		if (value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(property + " must be positive but was " + value);
		}
	}

	/**
	 * How long finished tasks are kept.
	 *
	 * @param completed kept after success; zero keeps nothing
	 * @param dead kept in dead before the janitor drops them
	 */
	public record Retention(Duration completed, Duration dead) {

		/** Default: nothing of completed tasks, dead ones for seven days. */
		public static final Retention DEFAULT = new Retention(Duration.ZERO, Duration.ofDays(7));

		public Retention {
			if (completed.isNegative()) {
				throw new IllegalArgumentException(
						"async-task.retention.completed must not be negative but was " + completed);
			}
			if (dead.isNegative()) {
				throw new IllegalArgumentException("async-task.retention.dead must not be negative but was " + dead);
			}
		}

	}

	/**
	 * Builds {@link WorkerSettings}; the heartbeat interval defaults to a third of the
	 * lease.
	 */
	public static final class Builder {

		private final Map<String, Integer> concurrencyByQueue;

		private Duration lease = DEFAULT_LEASE;

		private @Nullable Duration heartbeatInterval;

		private Duration shutdownTimeout = Duration.ofSeconds(30);

		private Duration pollInterval = Duration.ofSeconds(2);

		private Duration recoverInterval = Duration.ofSeconds(15);

		private Duration janitorInterval = Duration.ofMinutes(1);

		private Retention retention = Retention.DEFAULT;

		private Builder(Map<String, Integer> concurrencyByQueue) {
			this.concurrencyByQueue = concurrencyByQueue;
		}

		public Builder lease(Duration lease) {
			this.lease = lease;
			return this;
		}

		public Builder heartbeatInterval(Duration heartbeatInterval) {
			this.heartbeatInterval = heartbeatInterval;
			return this;
		}

		public Builder shutdownTimeout(Duration shutdownTimeout) {
			this.shutdownTimeout = shutdownTimeout;
			return this;
		}

		public Builder pollInterval(Duration pollInterval) {
			this.pollInterval = pollInterval;
			return this;
		}

		public Builder recoverInterval(Duration recoverInterval) {
			this.recoverInterval = recoverInterval;
			return this;
		}

		public Builder janitorInterval(Duration janitorInterval) {
			this.janitorInterval = janitorInterval;
			return this;
		}

		public Builder retention(Retention retention) {
			this.retention = retention;
			return this;
		}

		public WorkerSettings build() {
			Duration heartbeat = (this.heartbeatInterval != null) ? this.heartbeatInterval : this.lease.dividedBy(3);
			return new WorkerSettings(this.concurrencyByQueue, this.lease, heartbeat, this.shutdownTimeout,
					this.pollInterval, this.recoverInterval, this.janitorInterval, this.retention);
		}

	}

}
