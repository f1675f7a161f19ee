package io.github.asynctask.sample;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogs;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample's embedded Redis: started only when nothing answers at a local address,
 * reachable at the port it publishes, and stopped with the application.
 */
@ExtendWith(RedisExtension.class)
class EmbeddedRedisIntegrationTests {

	private final EmbeddedRedisEnvironmentPostProcessor postProcessor = new EmbeddedRedisEnvironmentPostProcessor(
			new DeferredLogs());

	@Test
	void startsOneWhenNothingAnswersAndStopsItWhenTheContextCloses() {
		int free = RedisProbe.freePort(0);
		StandardEnvironment environment = environment(Map.of("spring.data.redis.port", free));
		SpringApplication application = new SpringApplication();
		Set<ApplicationListener<?>> before = new HashSet<>(application.getListeners());
		Set<ApplicationContextInitializer<?>> initializersBefore = new HashSet<>(application.getInitializers());

		this.postProcessor.postProcessEnvironment(environment, application);

		int port = environment.getRequiredProperty("spring.data.redis.port", Integer.class);
		assertThat(RedisProbe.answers("localhost", port)).isTrue();
		Set<ApplicationListener<?>> added = new HashSet<>(application.getListeners());
		added.removeAll(before);
		assertThat(added).as("a listener stopping Redis when start-up fails").hasSize(1);
		Set<ApplicationContextInitializer<?>> initializers = new HashSet<>(application.getInitializers());
		initializers.removeAll(initializersBefore);
		startAndCloseContext(initializers);
		await().atMost(Duration.ofSeconds(10)).until(() -> !RedisProbe.answers("localhost", port));
	}

	@Test
	void leavesARedisThatAnswersAlone(RedisServer redis) {
		StandardEnvironment environment = environment(
				Map.of("spring.data.redis.host", "localhost", "spring.data.redis.port", redis.port()));
		SpringApplication application = new SpringApplication();
		int listenersBefore = application.getListeners().size();

		this.postProcessor.postProcessEnvironment(environment, application);

		assertThat(environment.getPropertySources().contains("sampleEmbeddedRedis")).isFalse();
		assertThat(application.getListeners()).hasSize(listenersBefore);
	}

	@Test
	void startsNothingForAHostThatIsNotThisMachine() {
		StandardEnvironment environment = environment(
				Map.of("spring.data.redis.host", "redis.example.invalid", "spring.data.redis.port", 6379));

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getPropertySources().contains("sampleEmbeddedRedis")).isFalse();
	}

	@Test
	void canBeSwitchedOff() {
		int free = RedisProbe.freePort(0);
		StandardEnvironment environment = environment(
				Map.of("spring.data.redis.port", free, "sample.embedded-redis.enabled", false));

		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getPropertySources().contains("sampleEmbeddedRedis")).isFalse();
		assertThat(RedisProbe.answers("localhost", free)).isFalse();
	}

	private static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		return environment;
	}

	// Redis is stopped by a disposable bean the post-processor's initializer registers,
	// so
	// that it goes last when the context closes.
	@SuppressWarnings({ "rawtypes", "unchecked" })
	private static void startAndCloseContext(Set<ApplicationContextInitializer<?>> initializers) {
		try (GenericApplicationContext context = new GenericApplicationContext()) {
			for (ApplicationContextInitializer initializer : initializers) {
				initializer.initialize(context);
			}
			context.refresh();
		}
	}

}
