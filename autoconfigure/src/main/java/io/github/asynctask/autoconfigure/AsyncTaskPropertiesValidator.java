package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.QueueName;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.worker.VirtualThreads;
import io.github.asynctask.redis.shard.ShardName;

import org.jspecify.annotations.Nullable;

import org.springframework.validation.Errors;

/**
 * Checks one bound {@link AsyncTaskProperties}. Each message names the full property key,
 * what was expected and what was found, because it is all a user sees when start-up
 * fails.
 */
final class AsyncTaskPropertiesValidator {

	private static final String PREFIX = "async-task.";

	private final AsyncTaskProperties properties;

	private final Errors errors;

	AsyncTaskPropertiesValidator(AsyncTaskProperties properties, Errors errors) {
		this.properties = properties;
		this.errors = errors;
	}

	void validate() {
		AsyncTaskProperties p = this.properties;
		String prefix = p.getKeyPrefix();
		if (prefix == null || prefix.isBlank() || prefix.contains("{") || prefix.contains("}")) {
			reject("keyPrefix", "key-prefix", "must be a non-blank string without braces but was '" + prefix + "'");
		}
		if (p.getMaxPayloadSize() == null || p.getMaxPayloadSize().toBytes() <= 0) {
			reject("maxPayloadSize", "max-payload-size", "must be positive but was " + p.getMaxPayloadSize());
		}
		positive("lease", "lease", p.getLease());
		if (p.getWorker().getConcurrency() <= 0) {
			reject("worker.concurrency", "worker.concurrency", "must be at least 1 but was "
					+ p.getWorker().getConcurrency() + "; to run no task here, set async-task.worker.enabled=false");
		}
		positive("worker.pollInterval", "worker.poll-interval", p.getWorker().getPollInterval());
		checkHeartbeat();
		notNegative("shutdownTimeout", "shutdown-timeout", p.getShutdownTimeout());
		checkQueues(p.getQueues());
		checkFlowControl();
		checkSchedules(p.getSchedules());
		checkDefaults(p.getDefaults());
		notNegative("retention.completed", "retention.completed", p.getRetention().getCompleted());
		notNegative("retention.dead", "retention.dead", p.getRetention().getDead());
		notNegative("retention.completedIds", "retention.completed-ids", p.getRetention().getCompletedIds());
		if (p.getRetention().getDeadMax() <= 0) {
			reject("retention.deadMax", "retention.dead-max",
					"must be positive but was " + p.getRetention().getDeadMax());
		}
		positive("worker.unknownTaskGrace", "worker.unknown-task-grace", p.getWorker().getUnknownTaskGrace());
		if (Boolean.TRUE.equals(p.getWorker().getVirtualThreads()) && !VirtualThreads.supported()) {
			reject("worker.virtualThreads", "worker.virtual-threads", "is true but " + VirtualThreads.requirement());
		}
		String path = p.getConsole().getPath();
		if (path == null || !path.startsWith("/") || path.length() < 2) {
			reject("console.path", "console.path", "must start with '/' and name a path but was '" + path + "'");
		}
	}

	private void checkHeartbeat() {
		Duration lease = this.properties.getLease();
		Duration heartbeat = this.properties.getWorker().getHeartbeatInterval();
		if (heartbeat == null) {
			return; // a third of the lease
		}
		positive("worker.heartbeatInterval", "worker.heartbeat-interval", heartbeat);
		// Three missed heartbeats before a lease runs out: one slow renewal (GC pause,
		// network blip) must not let another instance recover a task that still runs.
		if (lease != null && lease.compareTo(heartbeat.multipliedBy(3)) < 0) {
			reject("worker.heartbeatInterval", "worker.heartbeat-interval",
					"must be at most a third of async-task.lease (" + lease + ") but was " + heartbeat
							+ "; leave it unset to renew every lease / 3, or raise the lease");
		}
	}

	private void checkQueues(Map<String, AsyncTaskProperties.Queue> queues) {
		queues.forEach((name, queue) -> {
			try {
				QueueName.check(name);
			}
			catch (IllegalArgumentException ex) {
				reject("queues", "queues." + name, "is not a valid queue name: " + ex.getMessage());
			}
			Integer concurrency = queue.getConcurrency();
			if (concurrency != null && concurrency <= 0) {
				reject("queues[" + name + "].concurrency", "queues." + name + ".concurrency",
						"must be at least 1 but was " + concurrency
								+ "; to stop running a queue here, set async-task.queues." + name + ".enabled=false");
			}
			if (queue.getShards() < 1 || queue.getShards() > ShardName.MAX_SHARDS) {
				reject("queues[" + name + "].shards", "queues." + name + ".shards",
						"must be within 1.." + ShardName.MAX_SHARDS + " but was " + queue.getShards());
			}
			if (queue.getMaxBacklog() != null && queue.getMaxBacklog() < 1) {
				reject("queues[" + name + "].maxBacklog", "queues." + name + ".max-backlog",
						"must be at least 1 but was " + queue.getMaxBacklog() + "; leave it unset for no limit");
			}
			if (queue.getOnFullTimeout().isNegative()) {
				reject("queues[" + name + "].onFullTimeout", "queues." + name + ".on-full-timeout",
						"must not be negative but was " + queue.getOnFullTimeout());
			}
			if (ShardName.looksLikeShard(name)) {
				reject("queues", "queues." + name, "ends in '#<digits>', which names a shard of queue '"
						+ ShardName.queueOf(name) + "'; rename the queue");
			}
		});
	}

	/** Pools and rate limits: the messages of the runtime types name the full key. */
	private void checkFlowControl() {
		try {
			FlowControlMapper.pools(this.properties);
		}
		catch (IllegalArgumentException ex) {
			this.errors.rejectValue("pools", "async-task.invalid", ex.getMessage());
		}
		this.properties.getQueues().forEach((name, queue) -> {
			try {
				String rate = queue.getRateLimit();
				if (rate != null) {
					RateLimit.parse(rate, PREFIX + "queues." + name + ".rate-limit");
				}
			}
			catch (IllegalArgumentException ex) {
				this.errors.rejectValue("queues[" + name + "].rateLimit", "async-task.invalid", ex.getMessage());
			}
		});
	}

	/** A plain value where a schedule's settings belong, except the shared key. */
	private void checkSchedules(Map<String, AsyncTaskProperties.Schedule> schedules) {
		schedules.forEach((name, schedule) -> {
			if (schedule.plainValue() != null && !ScheduleProperties.isOwnKey(name)) {
				reject("schedules", "schedules." + name,
						"is not a setting: set async-task.schedules." + name + ".cron, .every, .zone or .enabled "
								+ "to override the task's schedule, or async-task.schedules.max-catch-up");
			}
		});
	}

	private void checkDefaults(AsyncTaskProperties.Defaults defaults) {
		if (defaults.getMaxRetries() < 0) {
			reject("defaults.maxRetries", "defaults.max-retries",
					"must be 0 (never retry) or more but was " + defaults.getMaxRetries());
		}
		positive("defaults.timeout", "defaults.timeout", defaults.getTimeout());
		positive("defaults.dedupTtl", "defaults.dedup-ttl", defaults.getDedupTtl());
		AsyncTaskProperties.Backoff backoff = defaults.getBackoff();
		positive("defaults.backoff.delay", "defaults.backoff.delay", backoff.getDelay());
		positive("defaults.backoff.maxDelay", "defaults.backoff.max-delay", backoff.getMaxDelay());
		if (!(backoff.getMultiplier() >= 1.0) || Double.isInfinite(backoff.getMultiplier())) {
			reject("defaults.backoff.multiplier", "defaults.backoff.multiplier",
					"must be a finite number of at least 1.0 but was " + backoff.getMultiplier());
		}
		if (backoff.getMaxDelay() != null && backoff.getDelay() != null
				&& backoff.getMaxDelay().compareTo(backoff.getDelay()) < 0) {
			reject("defaults.backoff.maxDelay", "defaults.backoff.max-delay",
					"must not be shorter than async-task.defaults.backoff.delay (" + backoff.getDelay() + ") but was "
							+ backoff.getMaxDelay());
		}
	}

	private void positive(String field, String key, @Nullable Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			reject(field, key, "must be positive but was " + value);
		}
	}

	private void notNegative(String field, String key, @Nullable Duration value) {
		if (value == null || value.isNegative()) {
			reject(field, key, "must not be negative but was " + value);
		}
	}

	private void reject(String field, String key, String message) {
		this.errors.rejectValue(field, "async-task.invalid", PREFIX + key + " " + message);
	}

}
