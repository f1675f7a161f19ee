package io.github.asynctask.autoconfigure.health;

import java.util.Map;
import java.util.TreeMap;

import io.github.asynctask.QueueStats;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisEnvironmentCheck;
import io.github.asynctask.redis.RedisVersion;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code asynctask} health: DOWN when Redis cannot be reached or is older than 6.2,
 * or when it may evict task data and {@code async-task.strict-redis} is set; UP
 * otherwise, with the version, the eviction policy and the queues holding dead tasks as
 * details. Dead tasks never make an instance DOWN: restarting it would not revive them.
 */
public class AsyncTaskHealthIndicator extends AbstractHealthIndicator {

	private final RedisEnvironmentCheck environment;

	private final RedisBroker broker;

	public AsyncTaskHealthIndicator(RedisEnvironmentCheck environment, RedisBroker broker) {
		super("async-task health check failed");
		this.environment = environment;
		this.broker = broker;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		RedisVersion version = this.environment.version(); // throws when unreachable:
															// DOWN
		String policy = this.environment.evictionPolicy();
		builder.up();
		if (version != null) {
			builder.withDetail("redisVersion", version.toString());
			if (!version.isSupported()) {
				builder.down().withDetail("error", "Redis " + version + " is older than " + RedisVersion.MINIMUM);
			}
		}
		if (policy != null) {
			builder.withDetail("maxmemoryPolicy", policy);
			if (!RedisEnvironmentCheck.isSafe(policy)) {
				builder.withDetail("warning", "maxmemory-policy '" + policy + "' may evict task data");
				if (this.environment.isStrict()) {
					builder.down();
				}
			}
		}
		builder.withDetail("deadTasks", deadTasks());
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
