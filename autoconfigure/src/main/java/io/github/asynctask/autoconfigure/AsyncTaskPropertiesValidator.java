package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.redis.QueueName;

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
		positive("worker.heartbeatInterval", "worker.heartbeat-interval", p.getWorker().getHeartbeatInterval());
		positive("worker.pollInterval", "worker.poll-interval", p.getWorker().getPollInterval());
		checkLease();
		notNegative("shutdownTimeout", "shutdown-timeout", p.getShutdownTimeout());
		checkQueues(p.getQueues());
		checkDefaults(p.getDefaults());
		notNegative("retention.completed", "retention.completed", p.getRetention().getCompleted());
		notNegative("retention.dead", "retention.dead", p.getRetention().getDead());
		notNegative("retention.completedIds", "retention.completed-ids", p.getRetention().getCompletedIds());
		if (p.getRetention().getDeadMax() <= 0) {
			reject("retention.deadMax", "retention.dead-max",
					"must be positive but was " + p.getRetention().getDeadMax());
		}
		positive("worker.unknownTaskGrace", "worker.unknown-task-grace", p.getWorker().getUnknownTaskGrace());
		String path = p.getConsole().getPath();
		if (path == null || !path.startsWith("/") || path.length() < 2) {
			reject("console.path", "console.path", "must start with '/' and name a path but was '" + path + "'");
		}
	}

	private void checkLease() {
		Duration lease = this.properties.getLease();
		Duration heartbeat = this.properties.getWorker().getHeartbeatInterval();
		if (lease == null || heartbeat == null) {
			return; // reported as "must be positive"
		}
		// Three missed heartbeats before a lease runs out: one slow renewal (GC pause,
		// network blip) must not let another instance recover a task that still runs.
		if (lease.compareTo(heartbeat.multipliedBy(3)) < 0) {
			reject("lease", "lease", "must be at least 3 x async-task.worker.heartbeat-interval (" + heartbeat
					+ ") but was " + lease + "; raise the lease or lower the heartbeat interval");
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
			if (queue.getConcurrency() <= 0) {
				reject("queues[" + name + "].concurrency", "queues." + name + ".concurrency",
						"must be at least 1 but was " + queue.getConcurrency()
								+ "; to stop running a queue here, remove it from async-task.queues");
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
