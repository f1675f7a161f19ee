package io.github.asynctask.redis;

import java.util.Properties;
import java.util.Set;

import io.github.asynctask.AsyncTaskException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Checks at start-up that Redis will not evict task data: any {@code maxmemory-policy}
 * other than {@code noeviction} (or the volatile ones, since task keys carry no TTL) can
 * silently drop tasks under memory pressure. Warns, or refuses to start when strict.
 */
public final class RedisEnvironmentCheck implements SmartInitializingSingleton {

	private static final Logger logger = LoggerFactory.getLogger(RedisEnvironmentCheck.class);

	/**
	 * Policies that only evict keys with a TTL; task data has none, dedup keys do
	 * (acceptable).
	 */
	private static final Set<String> SAFE_POLICIES = Set.of("noeviction", "volatile-lru", "volatile-lfu",
			"volatile-random", "volatile-ttl");

	private final RedisConnectionFactory connectionFactory;

	private final boolean strict;

	/**
	 * @param strict whether an evicting policy refuses start-up
	 * ({@code async-task.strict-redis})
	 */
	public RedisEnvironmentCheck(RedisConnectionFactory connectionFactory, boolean strict) {
		this.connectionFactory = connectionFactory;
		this.strict = strict;
	}

	/** Runs the check once all singletons exist. */
	@Override
	public void afterSingletonsInstantiated() {
		check();
	}

	/**
	 * Run the check.
	 * @throws AsyncTaskException when strict and Redis may evict task data
	 */
	public void check() {
		String policy = readPolicy();
		if (policy == null || SAFE_POLICIES.contains(policy)) {
			return;
		}
		String message = "Redis maxmemory-policy is '" + policy
				+ "': under memory pressure Redis may evict task data and tasks would be lost. Set "
				+ "'maxmemory-policy noeviction' on the server";
		if (this.strict) {
			throw new AsyncTaskException(message + " (refusing to start because async-task.strict-redis=true)");
		}
		logger.warn("{} (set async-task.strict-redis=true to refuse to start instead)", message);
	}

	private @Nullable String readPolicy() {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Properties config = connection.serverCommands().getConfig("maxmemory-policy");
			return (config != null) ? config.getProperty("maxmemory-policy") : null;
		}
		catch (DataAccessException | io.lettuce.core.RedisException ex) {
			// Managed Redis and restricted ACL users often refuse CONFIG; that is no
			// reason to stop.
			logger.info("Could not read Redis maxmemory-policy ({}); make sure it is 'noeviction'", ex.getMessage());
			return null;
		}
	}

}
