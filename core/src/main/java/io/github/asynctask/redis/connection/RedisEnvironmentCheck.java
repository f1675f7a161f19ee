package io.github.asynctask.redis.connection;

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
 * Checks at start-up that Redis can hold tasks: a server older than 6.2 (whose scripts
 * would fail at the first fetch) refuses start-up; any {@code maxmemory-policy} other
 * than {@code noeviction} (or the volatile ones, since task keys carry no TTL) can
 * silently drop tasks under memory pressure, which warns, or refuses to start when
 * strict.
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
	 * Run the check. Redis being unreachable is no reason to refuse: submits are buffered
	 * and workers retry, so only what Redis answers is judged.
	 * @throws AsyncTaskException when Redis is older than 6.2, or when strict and Redis
	 * may evict task data
	 */
	public void check() {
		RedisVersion version = readVersion();
		if (version != null && !version.isSupported()) {
			throw new AsyncTaskException("Redis " + version + " is older than " + RedisVersion.MINIMUM
					+ ", which async-task needs (fetching pops several tasks with one 'RPOP key count', added in 6.2); "
					+ "point spring.data.redis.* at Redis 6.2 or later (or Valkey). The embedded Redis binary for "
					+ "Windows is 5.0: run Redis in Docker or WSL instead");
		}
		String policy = readPolicy();
		if (policy == null || isSafe(policy)) {
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

	/**
	 * Whether this check refuses an evicting policy ({@code async-task.strict-redis}).
	 */
	public boolean isStrict() {
		return this.strict;
	}

	/** Whether a {@code maxmemory-policy} never evicts task data. */
	public static boolean isSafe(String policy) {
		return SAFE_POLICIES.contains(policy);
	}

	/**
	 * The oldest version among the servers (one per node in a Cluster), or {@code null}
	 * when {@code INFO} is refused.
	 * @throws DataAccessException when Redis cannot be reached
	 */
	public @Nullable RedisVersion version() {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return RedisVersion.oldest(connection.serverCommands().info("server"));
		}
	}

	/**
	 * The server's {@code maxmemory-policy}, or {@code null} when {@code CONFIG} is
	 * refused (managed Redis, restricted ACL users).
	 */
	public @Nullable String evictionPolicy() {
		return readPolicy();
	}

	private @Nullable RedisVersion readVersion() {
		try {
			return version();
		}
		catch (DataAccessException | io.lettuce.core.RedisException ex) {
			logger.info("Could not read the Redis version ({}); async-task needs Redis {} or later", ex.getMessage(),
					RedisVersion.MINIMUM);
			return null;
		}
	}

	private @Nullable String readPolicy() {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			Properties config = connection.serverCommands().getConfig("maxmemory-policy");
			return (config != null) ? policyOf(config) : null;
		}
		catch (DataAccessException | io.lettuce.core.RedisException ex) {
			// Managed Redis and restricted ACL users often refuse CONFIG; that is no
			// reason to stop.
			logger.info("Could not read Redis maxmemory-policy ({}); make sure it is 'noeviction'", ex.getMessage());
			return null;
		}
	}

	// a Cluster answers per node (host:port.maxmemory-policy): any evicting node counts
	private static @Nullable String policyOf(Properties config) {
		String found = null;
		for (String key : config.stringPropertyNames()) {
			if (key.equals("maxmemory-policy") || key.endsWith(".maxmemory-policy")) {
				String policy = config.getProperty(key);
				if (found == null || !isSafe(policy)) {
					found = policy;
				}
			}
		}
		return found;
	}

}
