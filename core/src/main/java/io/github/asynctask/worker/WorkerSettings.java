package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.QueueName;
import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.limit.RateLimit;
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
 * @param unknownTaskGrace how long a task whose name this instance does not define is
 * handed back for another instance before it goes to dead
 * @param pools thread pools shared by several queues, by pool name; none of their queues
 * is also in {@code concurrencyByQueue}
 * @param rateLimits cluster-wide rate limits by queue
 */
public record WorkerSettings(Map<String, Integer> concurrencyByQueue, Duration lease, Duration heartbeatInterval,
		Duration shutdownTimeout, Duration pollInterval, Duration recoverInterval, Duration janitorInterval,
		Retention retention, Duration unknownTaskGrace, Map<String, QueuePool> pools,
		Map<String, RateLimit> rateLimits) {

	/** Default of {@code async-task.worker.unknown-task-grace}. */
	public static final Duration DEFAULT_UNKNOWN_TASK_GRACE = Duration.ofHours(1);

	/** Default of {@code async-task.lease}. */
	public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

	public WorkerSettings {
		pools = Map.copyOf(pools);
		rateLimits = Map.copyOf(rateLimits);
		concurrencyByQueue = pools.isEmpty() ? validateQueues(concurrencyByQueue)
				: validateQueueConcurrency(concurrencyByQueue);
		QueuePool.checkMembership(concurrencyByQueue.keySet(), pools.values());
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
		positive("async-task.worker.unknown-task-grace", unknownTaskGrace);
	}

	/** Every queue served: the single ones, then those of each pool. */
	public Set<String> queues() {
		Set<String> queues = new LinkedHashSet<>(this.concurrencyByQueue.keySet());
		this.pools.values().forEach((pool) -> queues.addAll(pool.weights().keySet()));
		return Collections.unmodifiableSet(queues);
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
		return validateQueueConcurrency(concurrencyByQueue);
	}

	private static Map<String, Integer> validateQueueConcurrency(Map<String, Integer> concurrencyByQueue) {
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
		return Collections.unmodifiableMap(copy);
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
	 * @param deadMax most dead tasks kept per queue; the janitor drops the oldest beyond
	 * it
	 */
	public record Retention(Duration completed, Duration dead, int deadMax) {

		/** Default of {@code async-task.retention.dead-max}, like Sidekiq's morgue. */
		public static final int DEFAULT_DEAD_MAX = 10_000;

		/**
		 * Default: nothing of completed tasks, dead ones for seven days and at most
		 * 10,000.
		 */
		public static final Retention DEFAULT = new Retention(Duration.ZERO, Duration.ofDays(7));

		/** Keeps at most {@value #DEFAULT_DEAD_MAX} dead tasks per queue. */
		public Retention(Duration completed, Duration dead) {
			this(completed, dead, DEFAULT_DEAD_MAX);
		}

		public Retention {
			if (deadMax <= 0) {
				throw new IllegalArgumentException("async-task.retention.dead-max must be positive but was " + deadMax);
			}
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

		private Duration unknownTaskGrace = DEFAULT_UNKNOWN_TASK_GRACE;

		private Map<String, QueuePool> pools = Map.of();

		private Map<String, RateLimit> rateLimits = Map.of();

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

		public Builder unknownTaskGrace(Duration unknownTaskGrace) {
			this.unknownTaskGrace = unknownTaskGrace;
			return this;
		}

		/** Thread pools shared by several queues, by pool name. */
		public Builder pools(Map<String, QueuePool> pools) {
			this.pools = pools;
			return this;
		}

		/** Cluster-wide rate limits by queue. */
		public Builder rateLimits(Map<String, RateLimit> rateLimits) {
			this.rateLimits = rateLimits;
			return this;
		}

		public WorkerSettings build() {
			Duration heartbeat = (this.heartbeatInterval != null) ? this.heartbeatInterval : this.lease.dividedBy(3);
			return new WorkerSettings(this.concurrencyByQueue, this.lease, heartbeat, this.shutdownTimeout,
					this.pollInterval, this.recoverInterval, this.janitorInterval, this.retention,
					this.unknownTaskGrace, this.pools, this.rateLimits);
		}

	}

}
