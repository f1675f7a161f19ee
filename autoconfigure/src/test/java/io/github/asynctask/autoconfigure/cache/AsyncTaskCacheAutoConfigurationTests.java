package io.github.asynctask.autoconfigure.cache;

import java.util.Arrays;
import java.util.List;

import com.github.benmanes.caffeine.cache.Caffeine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.cache.CacheType;
import org.springframework.boot.cache.autoconfigure.CacheAutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.caffeine.CaffeineCacheManager;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application with a cache adds async-task, whose starter brings a
 * {@link RedisConnectionFactory}: its cache provider stays the one Spring Boot chose
 * before. No Redis runs here (connections are lazy; workers are off).
 */
@ExtendWith(OutputCaptureExtension.class)
class AsyncTaskCacheAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, CacheAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(shippedAutoConfigurations()))
		.withPropertyValues("async-task.worker.enabled=false")
		.withUserConfiguration(CachingApplication.class);

	@Test
	void caffeineStaysTheCacheOfAnApplicationThatHadIt(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(RedisConnectionFactory.class);
			assertThat(context.getBean(CacheManager.class)).isInstanceOf(CaffeineCacheManager.class);
			assertThat(output).contains("spring.cache.type=redis").contains("CaffeineCacheManager");
		});
	}

	@Test
	void theInMemoryMapStaysTheCacheOfAnApplicationWithoutCaffeine() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(Caffeine.class))
			.run((context) -> assertThat(context.getBean(CacheManager.class))
				.isInstanceOf(ConcurrentMapCacheManager.class));
	}

	@Test
	void anApplicationAskingForARedisCacheGetsIt() {
		this.contextRunner.withPropertyValues("spring.cache.type=redis")
			.run((context) -> assertThat(context.getBean(CacheManager.class)).isInstanceOf(RedisCacheManager.class));
	}

	@Test
	void anApplicationAskingForAnotherTypeGetsIt() {
		this.contextRunner.withPropertyValues("spring.cache.type=simple")
			.run((context) -> assertThat(context.getBean(CacheManager.class))
				.isInstanceOf(ConcurrentMapCacheManager.class));
	}

	@Test
	void anApplicationsOwnRedisCacheManagerIsKept(CapturedOutput output) {
		this.contextRunner.withUserConfiguration(OwnRedisCache.class).run((context) -> {
			assertThat(context).hasSingleBean(CacheManager.class);
			assertThat(context.getBean(CacheManager.class)).isSameAs(context.getBean("ownCache"));
			assertThat(output).doesNotContain("spring.cache.type=redis");
		});
	}

	@Test
	void anApplicationWithoutCachingGetsNoCacheManager() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, CacheAutoConfiguration.class))
			.withConfiguration(AutoConfigurations.of(shippedAutoConfigurations()))
			.withPropertyValues("async-task.worker.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(CacheManager.class));
	}

	@Test
	void springBootsCacheConfigurationsAreImportedInItsOrderWithoutRedis() {
		List<String> expected = Arrays.stream(CacheType.values())
			.filter((type) -> type != CacheType.REDIS)
			.map((type) -> type.name())
			.toList();
		assertThat(CacheConfigurationsWithoutRedis.TYPES.stream().map(Enum::name).toList()).isEqualTo(expected);
		for (String name : new CacheConfigurationsWithoutRedis().selectImports(null)) {
			assertThat(ClassUtils.isPresent(name, null)).as(name).isTrue();
		}
	}

	private static Class<?>[] shippedAutoConfigurations() {
		return ImportCandidates
			.load(AutoConfiguration.class, AsyncTaskCacheAutoConfigurationTests.class.getClassLoader())
			.getCandidates()
			.stream()
			.filter((name) -> name.startsWith("io.github.asynctask."))
			.map((name) -> ClassUtils.resolveClassName(name, null))
			.toArray(Class<?>[]::new);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableCaching
	static class CachingApplication {

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnRedisCache {

		@Bean
		RedisCacheManager ownCache(RedisConnectionFactory connectionFactory) {
			return RedisCacheManager.create(connectionFactory);
		}

	}

}
