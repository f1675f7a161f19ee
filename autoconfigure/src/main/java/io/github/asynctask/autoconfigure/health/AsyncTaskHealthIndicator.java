package io.github.asynctask.autoconfigure.health;

import java.util.Map;
import java.util.TreeMap;

import io.github.asynctask.QueueStats;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisEnvironmentCheck;
import io.github.asynctask.redis.connection.RedisVersion;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code asynctask} health: DOWN when Redis cannot be reached or is older than 6.2,
 * or when it may evict task data and {@code async-task.strict-redis} is set; UP
 * otherwise, with the version, the eviction policy and the queues holding dead tasks as
 * details. Dead tasks never make an instance DOWN: restarting it would not revive them.
 */
public class AsyncTaskHealthIndicator extends AbstractHealthIndicator {

	private final @Nullable RedisEnvironmentCheck environment;

	private final RedisBroker broker;

	/**
	 * @param environment reads version and eviction policy; {@code null} where no Redis
	 * is used (then only the dead tasks are reported)
	 * @param broker counts the dead tasks per queue
	 */
	public AsyncTaskHealthIndicator(@Nullable RedisEnvironmentCheck environment, RedisBroker broker) {
		super("async-task health check failed");
		this.environment = environment;
		this.broker = broker;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		builder.up();
		RedisEnvironmentCheck check = this.environment;
		if (check != null) {
			try {
				redis(check, builder);
			}
			catch (RuntimeException ex) {
				// Redis away: DOWN with the error as builder.down(ex) words it, but
				// without
				// the WARN per health call that it costs (the one WARN is
				// RedisReachability's)
				builder.down().withDetail("error", ex.getClass().getName() + ": " + ex.getMessage());
				return;
			}
		}
		builder.withDetail("deadTasks", deadTasks());
	}

	// version() throws when Redis cannot be reached
	private static void redis(RedisEnvironmentCheck check, Health.Builder builder) {
		RedisVersion version = check.version();
		if (version != null) {
			builder.withDetail("redisVersion", version.toString());
			if (!version.isSupported()) {
				builder.down().withDetail("error", "Redis " + version + " is older than " + RedisVersion.MINIMUM);
			}
		}
		String policy = check.evictionPolicy();
		if (policy != null) {
			builder.withDetail("maxmemoryPolicy", policy);
			if (!RedisEnvironmentCheck.isSafe(policy)) {
				builder.withDetail("warning", "maxmemory-policy '" + policy + "' may evict task data");
				if (check.isStrict()) {
					builder.down();
				}
			}
		}
	}

	private Map<String, Long> deadTasks() {
		Map<String, Long> dead = new TreeMap<>();
		for (String queue : this.broker.knownQueues()) {
			QueueStats stats = this.broker.stats(queue);
			if (stats.dead() > 0) {
				dead.put(queue, stats.dead());
			}
		}
		return dead;
	}

}
