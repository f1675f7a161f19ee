package io.github.asynctask.autoconfigure.health;

import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisEnvironmentCheck;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the {@code asynctask} health indicator, present with Spring
 * Boot's health support (the actuator) unless {@code management.health.asynctask.enabled}
 * is {@code false}.
 */
@AutoConfiguration(afterName = "io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration")
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(RedisBroker.class)
@ConditionalOnEnabledHealthIndicator("asynctask")
public final class AsyncTaskHealthAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "asynctaskHealthIndicator")
	AsyncTaskHealthIndicator asynctaskHealthIndicator(ObjectProvider<RedisEnvironmentCheck> environment,
			RedisBroker broker) {
		// no check where the test module's record/inline modes run without Redis
		return new AsyncTaskHealthIndicator(environment.getIfAvailable(), broker);
	}

}
