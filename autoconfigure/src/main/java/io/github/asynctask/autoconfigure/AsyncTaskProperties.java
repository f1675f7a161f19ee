package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.limit.BacklogLimit;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Configuration properties for async-task, bound from {@code async-task.*}.
 * <p>
 * The instance validates itself when bound (Spring Boot applies a properties bean that is
 * a {@link Validator}), so a wrong value stops start-up with a message naming its key.
 *
 * @see AsyncTaskAutoConfiguration
 */
@ConfigurationProperties("async-task")
public class AsyncTaskProperties implements Validator {

	/** Name of the queue tasks go to when they name none. */
	public static final String DEFAULT_QUEUE = "default";

	/**
	 * Whether async-task is enabled; false switches off every bean of the starter.
	 */
	private boolean enabled = true;

	/**
	 * Prefix of every Redis key; keys are hash-tagged per queue after it.
	 */
	private String keyPrefix = "asynctask";

	/**
	 * Largest payload (a call's serialized arguments) a submit may write to Redis.
	 */
	private DataSize maxPayloadSize = DataSize.ofMegabytes(1);

	/**
	 * Whether start-up fails, instead of logging a warning, when Redis's maxmemory-policy
	 * may evict task data.
	 */
	private boolean strictRedis = false;

	/**
	 * Whether a submit made alone (one thread, no other submit under way) runs on the
	 * caller's thread over a blocking connection of its own to a standalone Redis without
	 * TLS, skipping the client's event-loop hand-off; false sends every submit through
	 * the connection factory's client (its command metrics and tracing then see them).
	 */
	private boolean directSubmits = true;

	/**
	 * How long a task stays leased to a worker that stops renewing it before another
	 * instance recovers it.
	 */
	private Duration lease = Duration.ofSeconds(30);

	/**
	 * How long shutdown waits for running tasks before handing them back to pending; at
	 * most spring.lifecycle.timeout-per-shutdown-phase less 5s.
	 */
	private Duration shutdownTimeout = Duration.ofSeconds(25);

	/**
	 * Per-queue settings by queue name. Every queue with task methods in this application
	 * is served without being listed here; a queue listed here is served too (another
	 * application may submit to it) unless its enabled flag is false.
	 */
	private final Map<String, Queue> queues = new LinkedHashMap<>();

	/**
	 * Per-environment settings of periodic tasks by task name, overriding the
	 * {@code cron}, {@code every} and {@code zone} of their {@code @AsyncTask}. The
	 * reserved key {@code max-catch-up} is bound by {@link ScheduleProperties}.
	 */
	private final Map<String, Schedule> schedules = new LinkedHashMap<>();

	/**
	 * Thread pools shared by several queues, by pool name: by weight, or in strict
	 * priority. A queue in a pool gets no threads of its own.
	 */
	private final Map<String, QueuePoolProperties> pools = new LinkedHashMap<>();

	private final Worker worker = new Worker();

	private final Defaults defaults = new Defaults();

	private final Retention retention = new Retention();

	private final Console console = new Console();

	private final Metrics metrics = new Metrics();

	/**
	 * Longest wait for a reply from Redis to one of async-task's calls, whatever the
	 * client's own command timeout; a submit outside a transaction fails after it, a
	 * commit hands its batch to the re-send buffer.
	 */
	private Duration redisTimeout = Duration.ofSeconds(5);

	public boolean isEnabled() {
		return this.enabled;
	}

	public Map<String, Schedule> getSchedules() {
		return this.schedules;
	}

	public Map<String, QueuePoolProperties> getPools() {
		return this.pools;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public DataSize getMaxPayloadSize() {
		return this.maxPayloadSize;
	}

	public void setMaxPayloadSize(DataSize maxPayloadSize) {
		this.maxPayloadSize = maxPayloadSize;
	}

	public boolean isStrictRedis() {
		return this.strictRedis;
	}

	public void setStrictRedis(boolean strictRedis) {
		this.strictRedis = strictRedis;
	}

	public boolean isDirectSubmits() {
		return this.directSubmits;
	}

	public void setDirectSubmits(boolean directSubmits) {
		this.directSubmits = directSubmits;
	}

	public Duration getLease() {
		return this.lease;
	}

	public void setLease(Duration lease) {
		this.lease = lease;
	}

	public Duration getShutdownTimeout() {
		return this.shutdownTimeout;
	}

	public void setShutdownTimeout(Duration shutdownTimeout) {
		this.shutdownTimeout = shutdownTimeout;
	}

	public Map<String, Queue> getQueues() {
		return this.queues;
	}

	public Worker getWorker() {
		return this.worker;
	}

	public Defaults getDefaults() {
		return this.defaults;
	}

	public Retention getRetention() {
		return this.retention;
	}

	public Console getConsole() {
		return this.console;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Duration getRedisTimeout() {
		return this.redisTimeout;
	}

	public void setRedisTimeout(Duration redisTimeout) {
		this.redisTimeout = redisTimeout;
	}

	@Override
	public boolean supports(Class<?> type) {
		return AsyncTaskProperties.class.isAssignableFrom(type);
	}

	@Override
	public void validate(Object target, Errors errors) {
		new AsyncTaskPropertiesValidator((AsyncTaskProperties) target, errors).validate();
	}

	/**
	 * Worker pool of one queue.
	 */
	public static class Queue {

		/**
		 * Whether this instance serves the queue; false leaves its tasks to other
		 * instances.
		 */
		private boolean enabled = true;

		/**
		 * Worker threads for the queue: at most this many of its tasks run at once on
		 * this instance; unset means async-task.worker.concurrency.
		 */
		private @Nullable Integer concurrency;

		/**
		 * Most deliveries of the queue per period across every instance, as
		 * {@code <permits>/<period>} (e.g. {@code 100/1s}); unset means no limit.
		 */
		private @Nullable String rateLimit;

		public @Nullable String getRateLimit() {
			return this.rateLimit;
		}

		public void setRateLimit(@Nullable String rateLimit) {
			this.rateLimit = rateLimit;
		}

		/**
		 * Hash slots (shards) the queue is spread over, 1 to 1024; on Redis Cluster each
		 * shard may sit on another master. Give every instance the same count.
		 */
		private int shards = 1;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable Integer getConcurrency() {
			return this.concurrency;
		}

		public void setConcurrency(@Nullable Integer concurrency) {
			this.concurrency = concurrency;
		}

		public int getShards() {
			return this.shards;
		}

		public void setShards(int shards) {
			this.shards = shards;
		}

		/**
		 * Most tasks the queue may hold waiting to run (pending + scheduled + retry),
		 * checked atomically at submit; unset means no limit.
		 */
		private @Nullable Long maxBacklog;

		/**
		 * What a submit to a queue holding max-backlog tasks does: reject (throw
		 * QueueFullException at once) or wait for room up to on-full-timeout.
		 */
		private BacklogLimit.OnFull onFull = BacklogLimit.OnFull.REJECT;

		/**
		 * Longest a submit waits for room with on-full: wait before it throws
		 * QueueFullException.
		 */
		private Duration onFullTimeout = Duration.ofSeconds(5);

		public @Nullable Long getMaxBacklog() {
			return this.maxBacklog;
		}

		public void setMaxBacklog(@Nullable Long maxBacklog) {
			this.maxBacklog = maxBacklog;
		}

		public BacklogLimit.OnFull getOnFull() {
			return this.onFull;
		}

		public void setOnFull(BacklogLimit.OnFull onFull) {
			this.onFull = onFull;
		}

		public Duration getOnFullTimeout() {
			return this.onFullTimeout;
		}

		public void setOnFullTimeout(Duration onFullTimeout) {
			this.onFullTimeout = onFullTimeout;
		}

	}

	/**
	 * Worker side of this instance.
	 */
	public static class Worker {

		/**
		 * Whether this instance runs tasks; false makes it only submit them.
		 */
		private boolean enabled = true;

		/**
		 * Worker threads of every served queue that sets no concurrency of its own under
		 * async-task.queues.
		 */
		private int concurrency = 8;

		/**
		 * How often an idle queue is polled when no wake-up signal arrives (a fallback
		 * for lost pub/sub messages).
		 */
		private Duration pollInterval = Duration.ofSeconds(2);

		/**
		 * How often the leases of running tasks are renewed; unset means a third of
		 * async-task.lease, and a value set must not exceed that.
		 */
		private @Nullable Duration heartbeatInterval;

		/**
		 * How long a task whose name no instance that fetched it defines is handed back
		 * for another instance (a rolling deploy) before it goes to dead.
		 */
		private Duration unknownTaskGrace = Duration.ofHours(1);

		/**
		 * Whether each task body runs on a new virtual thread (Java 21+) instead of a
		 * pool of platform threads; the concurrency still bounds how many run at once.
		 * Unset follows spring.threads.virtual.enabled.
		 */
		private @Nullable Boolean virtualThreads;

		/**
		 * Whether each queue's fetches and the grouped acks run on blocking connections
		 * of their own (two per instance) to a standalone Redis without TLS, skipping the
		 * client's event-loop hand-offs; false sends them through the connection
		 * factory's client (its command metrics and tracing then see them).
		 */
		private boolean directCalls = true;

		public boolean isDirectCalls() {
			return this.directCalls;
		}

		public void setDirectCalls(boolean directCalls) {
			this.directCalls = directCalls;
		}

		public @Nullable Boolean getVirtualThreads() {
			return this.virtualThreads;
		}

		public void setVirtualThreads(@Nullable Boolean virtualThreads) {
			this.virtualThreads = virtualThreads;
		}

		public Duration getUnknownTaskGrace() {
			return this.unknownTaskGrace;
		}

		public void setUnknownTaskGrace(Duration unknownTaskGrace) {
			this.unknownTaskGrace = unknownTaskGrace;
		}

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getConcurrency() {
			return this.concurrency;
		}

		public void setConcurrency(int concurrency) {
			this.concurrency = concurrency;
		}

		public Duration getPollInterval() {
			return this.pollInterval;
		}

		public void setPollInterval(Duration pollInterval) {
			this.pollInterval = pollInterval;
		}

		public @Nullable Duration getHeartbeatInterval() {
			return this.heartbeatInterval;
		}

		public void setHeartbeatInterval(@Nullable Duration heartbeatInterval) {
			this.heartbeatInterval = heartbeatInterval;
		}

	}

	/**
	 * Per-environment settings of one periodic task; each unset one keeps what its
	 * {@code @AsyncTask} says.
	 */
	public static class Schedule {

		/**
		 * Spring cron expression (six fields) replacing the annotation's cron or every.
		 */
		private @Nullable String cron;

		/**
		 * Fixed interval (at least 1s) replacing the annotation's cron or every.
		 */
		private @Nullable String every;

		/**
		 * Whether the schedule fires on this environment.
		 */
		private boolean enabled = true;

		/**
		 * Time zone of the cron, e.g. Europe/Berlin.
		 */
		private @Nullable String zone;

		/** A plain value bound to the name, which is no schedule's settings. */
		private @Nullable String plainValue;

		public Schedule() {
		}

		/**
		 * Binds a plain value under {@code async-task.schedules.<key>}: the shared
		 * {@code async-task.schedules.max-catch-up} (which {@link ScheduleProperties}
		 * reads), or a mistake the validator reports with its key.
		 * @param value the value written
		 * @return settings that override nothing
		 */
		public static Schedule valueOf(String value) {
			Schedule schedule = new Schedule();
			schedule.plainValue = value;
			return schedule;
		}

		@Nullable String plainValue() {
			return this.plainValue;
		}

		public @Nullable String getCron() {
			return this.cron;
		}

		public void setCron(@Nullable String cron) {
			this.cron = cron;
		}

		public @Nullable String getEvery() {
			return this.every;
		}

		public void setEvery(@Nullable String every) {
			this.every = every;
		}

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable String getZone() {
			return this.zone;
		}

		public void setZone(@Nullable String zone) {
			this.zone = zone;
		}

	}

	/**
	 * Task options used when the {@code @AsyncTask} annotation or the call sets none.
	 */
	public static class Defaults {

		/**
		 * Retries after the first attempt; 0 never retries.
		 */
		private int maxRetries = 25;

		/**
		 * Longest one attempt may run before it is interrupted and counted as failed.
		 */
		private Duration timeout = Duration.ofMinutes(30);

		/**
		 * How long a bizId is remembered, so that a second submit with it is dropped.
		 */
		private Duration dedupTtl = Duration.ofHours(24);

		/**
		 * Longest a task with {@code after} waits for the tasks it runs after before it
		 * goes dead.
		 */
		private Duration waitTimeout = Duration.ofHours(24);

		private final Backoff backoff = new Backoff();

		public int getMaxRetries() {
			return this.maxRetries;
		}

		public void setMaxRetries(int maxRetries) {
			this.maxRetries = maxRetries;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

		public Duration getDedupTtl() {
			return this.dedupTtl;
		}

		public void setDedupTtl(Duration dedupTtl) {
			this.dedupTtl = dedupTtl;
		}

		public Duration getWaitTimeout() {
			return this.waitTimeout;
		}

		public void setWaitTimeout(Duration waitTimeout) {
			this.waitTimeout = waitTimeout;
		}

		public Backoff getBackoff() {
			return this.backoff;
		}

	}

	/**
	 * Wait between a failed attempt and the next one.
	 */
	public static class Backoff {

		/**
		 * Curve of the waits between attempts.
		 */
		private Policy policy = Policy.POLYNOMIAL;

		/**
		 * Every wait for the fixed policy; the first wait for the exponential policy.
		 */
		private Duration delay = Duration.ofSeconds(1);

		/**
		 * Factor between two consecutive waits of the exponential policy.
		 */
		private double multiplier = 2.0;

		/**
		 * Longest wait between two attempts of the exponential policy.
		 */
		private Duration maxDelay = Duration.ofHours(1);

		public Policy getPolicy() {
			return this.policy;
		}

		public void setPolicy(Policy policy) {
			this.policy = policy;
		}

		public Duration getDelay() {
			return this.delay;
		}

		public void setDelay(Duration delay) {
			this.delay = delay;
		}

		public double getMultiplier() {
			return this.multiplier;
		}

		public void setMultiplier(double multiplier) {
			this.multiplier = multiplier;
		}

		public Duration getMaxDelay() {
			return this.maxDelay;
		}

		public void setMaxDelay(Duration maxDelay) {
			this.maxDelay = maxDelay;
		}

		/**
		 * Curves of the wait before a retry.
		 */
		public enum Policy {

			/**
			 * The Sidekiq curve: {@code attempt^4 + 15 + rand(30) * (attempt + 1)}
			 * seconds; the default 25 retries span about 25 days.
			 */
			POLYNOMIAL,

			/** The same {@code delay} before every retry. */
			FIXED,

			/** {@code delay * multiplier^(attempt - 1)}, at most {@code max-delay}. */
			EXPONENTIAL

		}

	}

	/**
	 * How long finished tasks are kept in Redis.
	 */
	public static class Retention {

		/**
		 * How long completed tasks are kept; 0 keeps nothing of them.
		 */
		private Duration completed = Duration.ZERO;

		/**
		 * How long dead tasks are kept for inspection and manual retry.
		 */
		private Duration dead = Duration.ofDays(7);

		/**
		 * Most dead tasks kept per queue; beyond it the oldest are dropped first (counted
		 * by the asynctask.tasks.dead.dropped meter).
		 */
		private int deadMax = 10_000;

		/**
		 * How long the id of a completed task is remembered, so that a submit re-sent
		 * after a lost reply does not run it again once its data is gone; 0 remembers
		 * none.
		 */
		private Duration completedIds = Duration.ofHours(1);

		/**
		 * How long the result of a task returning CompletableFuture is kept for callers
		 * on any instance.
		 */
		private Duration results = Duration.ofHours(1);

		public Duration getResults() {
			return this.results;
		}

		public void setResults(Duration results) {
			this.results = results;
		}

		public int getDeadMax() {
			return this.deadMax;
		}

		public void setDeadMax(int deadMax) {
			this.deadMax = deadMax;
		}

		public Duration getCompletedIds() {
			return this.completedIds;
		}

		public void setCompletedIds(Duration completedIds) {
			this.completedIds = completedIds;
		}

		public Duration getCompleted() {
			return this.completed;
		}

		public void setCompleted(Duration completed) {
			this.completed = completed;
		}

		public Duration getDead() {
			return this.dead;
		}

		public void setDead(Duration dead) {
			this.dead = dead;
		}

	}

	/**
	 * The built-in web console.
	 */
	public static class Console {

		/**
		 * Whether the web console is served.
		 */
		private boolean enabled = false;

		/**
		 * Path the web console is served under.
		 */
		private String path = "/asynctask";

		/**
		 * Whether the console shows task arguments; false hides them when they may hold
		 * personal data.
		 */
		private boolean showArguments = true;

		/**
		 * Whether the console may change state (retry, delete, pause, resume); off by
		 * default, and protected by CSRF when Spring Security is present.
		 */
		private boolean writesEnabled = false;

		/**
		 * Role a user needs for writes through the console and the asynctask endpoint
		 * (with Spring Security, the authority ROLE_<role>); empty leaves the check to
		 * the application's own security.
		 */
		private String writeRole = "ASYNCTASK_ADMIN";

		/**
		 * How often the console page refreshes itself.
		 */
		private Duration refreshInterval = Duration.ofSeconds(3);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

		public boolean isShowArguments() {
			return this.showArguments;
		}

		public void setShowArguments(boolean showArguments) {
			this.showArguments = showArguments;
		}

		public boolean isWritesEnabled() {
			return this.writesEnabled;
		}

		public void setWritesEnabled(boolean writesEnabled) {
			this.writesEnabled = writesEnabled;
		}

		public String getWriteRole() {
			return this.writeRole;
		}

		public void setWriteRole(String writeRole) {
			this.writeRole = writeRole;
		}

		public Duration getRefreshInterval() {
			return this.refreshInterval;
		}

		public void setRefreshInterval(Duration refreshInterval) {
			this.refreshInterval = refreshInterval;
		}

	}

	/**
	 * Micrometer meters.
	 */
	public static class Metrics {

		/**
		 * How often the queue gauges read Redis (one call per queue, shared by all
		 * gauges).
		 */
		private Duration queueRefreshInterval = Duration.ofSeconds(10);

		public Duration getQueueRefreshInterval() {
			return this.queueRefreshInterval;
		}

		public void setQueueRefreshInterval(Duration queueRefreshInterval) {
			this.queueRefreshInterval = queueRefreshInterval;
		}

	}

}
