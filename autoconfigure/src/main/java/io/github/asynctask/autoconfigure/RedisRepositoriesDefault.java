package io.github.asynctask.autoconfigure;

import java.util.Map;

import org.apache.commons.logging.Log;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;

/**
 * Turns Spring Data Redis repositories off unless the application sets
 * {@code spring.data.redis.repositories.enabled}: the starter brings Spring Data Redis
 * for the tasks, not for the application's repositories. Left on, they put a JPA (or any
 * other Spring Data) application's repository scan in strict mode, and Spring Data Redis
 * logs "Could not safely identify store assignment" once per repository. Runs after the
 * application's own configuration is read, as the lowest-precedence property source.
 */
public final class RedisRepositoriesDefault implements EnvironmentPostProcessor, Ordered {

	static final String PROPERTY = "spring.data.redis.repositories.enabled";

	static final String SOURCE = "asyncTaskDefaults";

	private static final String REDIS_REPOSITORIES = "org.springframework.data.redis.repository.configuration.EnableRedisRepositories";

	private final Log logger;

	public RedisRepositoriesDefault(DeferredLogFactory logs) {
		this.logger = logs.getLog(RedisRepositoriesDefault.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, @Nullable SpringApplication application) {
		if (environment.containsProperty(PROPERTY) || !ClassUtils.isPresent(REDIS_REPOSITORIES, null)) {
			return;
		}
		environment.getPropertySources().addLast(new MapPropertySource(SOURCE, Map.of(PROPERTY, "false")));
		this.logger.info("Spring Data Redis repositories are off: async-task's Redis is for tasks; set " + PROPERTY
				+ "=true to scan for Redis repositories");
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
