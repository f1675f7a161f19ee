package io.github.asynctask.autoconfigure.cache;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizer;
import org.springframework.boot.cache.autoconfigure.CacheManagerCustomizers;
import org.springframework.boot.cache.autoconfigure.CacheProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cache.CacheManager;
import org.springframework.cache.interceptor.CacheAspectSupport;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} keeping an application's cache where it was. Spring Boot's
 * automatic choice (no {@code spring.cache.type}) takes Redis ahead of Caffeine, Cache2k
 * and the in-memory map as soon as a {@link RedisConnectionFactory} exists, and the
 * starter brings one for the tasks. Here Boot's own cache configurations run in Boot's
 * order with Redis left out, before Boot's {@code CacheAutoConfiguration}, which then
 * backs off. An application that sets {@code spring.cache.type} ({@code redis} included),
 * or defines its own {@link CacheManager}, is left alone.
 */
@AutoConfiguration(afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
		beforeName = "org.springframework.boot.cache.autoconfigure.CacheAutoConfiguration")
@ConditionalOnClass({ CacheManager.class, CacheManagerCustomizers.class, RedisConnectionFactory.class })
@ConditionalOnBean({ CacheAspectSupport.class, RedisConnectionFactory.class })
@ConditionalOnMissingBean(value = CacheManager.class, name = "cacheResolver")
@Conditional(AsyncTaskCacheAutoConfiguration.AutomaticCacheType.class)
@EnableConfigurationProperties(CacheProperties.class)
@Import(CacheConfigurationsWithoutRedis.class)
public final class AsyncTaskCacheAutoConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(AsyncTaskCacheAutoConfiguration.class);

	// The bean Boot's CacheAutoConfiguration would define; its cache configurations need
	// it.
	@Bean
	@ConditionalOnMissingBean
	CacheManagerCustomizers cacheManagerCustomizers(ObjectProvider<CacheManagerCustomizer<?>> customizers) {
		return new CacheManagerCustomizers(customizers.orderedStream().toList());
	}

	@Bean
	SmartInitializingSingleton asyncTaskCacheChoiceReport(ObjectProvider<CacheManager> cacheManagers) {
		return () -> cacheManagers.ifUnique((cacheManager) -> logger
			.info("Caching stays with {}: async-task's Redis connection does not make Spring Boot cache in Redis; "
					+ "set spring.cache.type=redis to cache there", cacheManager.getClass().getSimpleName()));
	}

	/** No {@code spring.cache.type}: Boot chooses the cache by itself. */
	static final class AutomaticCacheType extends NoneNestedConditions {

		AutomaticCacheType() {
			super(ConfigurationPhase.PARSE_CONFIGURATION);
		}

		@ConditionalOnProperty("spring.cache.type")
		static final class TypeSet {

		}

	}

}
