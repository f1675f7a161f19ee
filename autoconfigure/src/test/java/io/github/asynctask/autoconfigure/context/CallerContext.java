package io.github.asynctask.autoconfigure.context;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.test.RedisServer;
import org.slf4j.MDC;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Shared by the tests that submit with a caller's context on one application context and
 * look at it in the body on another.
 */
public final class CallerContext {

	private CallerContext() {
	}

	/**
	 * An instance of an application on this Redis, with context propagation carrying the
	 * MDC key {@code requestId}, and these further auto-configurations.
	 */
	public static ApplicationContextRunner instance(RedisServer redis, Class<?>... autoConfigurations) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
					AsyncTaskContextAutoConfiguration.class))
			.withConfiguration(AutoConfigurations.of(autoConfigurations))
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"async-task.context.mdc-keys=requestId");
	}

	/** Clears the calling thread's MDC, security context and locale. */
	public static void clear() {
		MDC.clear();
		SecurityContextHolder.clearContext();
		LocaleContextHolder.resetLocaleContext();
	}

}
