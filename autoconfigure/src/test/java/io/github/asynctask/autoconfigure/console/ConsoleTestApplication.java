package io.github.asynctask.autoconfigure.console;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.test.RedisServer;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * A small web application with the actuator and the console over a real Redis, standing
 * in for the sample app until the submit and worker sides are wired: the test seeds tasks
 * through the broker.
 */
@SpringBootConfiguration
// Hibernate is on the test classpath for OutboxAutoConfigurationIntegrationTests only,
// and
// Spring Data JPA for JpaApplicationIntegrationTests only.
@EnableAutoConfiguration(
		excludeName = { "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
				"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
public class ConsoleTestApplication {

	public static final String QUEUE = "mail";

	/**
	 * Spring Security is on the test classpath for
	 * {@code ConsoleSecurityIntegrationTests}; the other tests run without it, as an
	 * application without Spring Security does. Passing
	 * {@code spring.autoconfigure.exclude=} turns it back on.
	 */
	public static final String WITHOUT_SPRING_SECURITY = "spring.autoconfigure.exclude="
			+ "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration";

	@Bean
	RedisBroker testBroker(RedisConnectionFactory connectionFactory, AsyncTaskProperties properties) {
		Map<String, Integer> shards = new HashMap<>();
		properties.getQueues().forEach((queue, settings) -> shards.put(queue, settings.getShards()));
		return new ShardedRedisBroker(new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask")), shards);
	}

	/** Start on a free port against {@code redis}, with extra properties. */
	public static ConfigurableApplicationContext start(RedisServer redis, String... properties) {
		return start(redis, new Class<?>[0], properties);
	}

	/** Start with further configuration classes, on a free port against {@code redis}. */
	public static ConfigurableApplicationContext start(RedisServer redis, Class<?>[] configurations,
			String... properties) {
		return new SpringApplicationBuilder(ConsoleTestApplication.class).sources(configurations)
			.properties("server.port=0", "spring.data.redis.host=" + redis.host(),
					"spring.data.redis.port=" + redis.port(), "spring.main.banner-mode=off", WITHOUT_SPRING_SECURITY,
					// these tests read task data; ConsoleSecurityIntegrationTests checks
					// their masking
					"management.endpoint.asynctask.show-values=always")
			.properties(properties)
			.run();
	}

	/** A task that ran once and died with {@code error}; returns its id. */
	public static String seedDead(RedisBroker broker, String name, String argsJson, String error) {
		String id = submit(broker, name, argsJson);
		List<Delivery> taken = broker.dequeue(QUEUE, 1, Duration.ofSeconds(30));
		broker.kill(taken.get(0), error);
		return id;
	}

	/** A pending task; returns its id. */
	public static String submit(RedisBroker broker, String name, String argsJson) {
		broker.registerQueues(List.of(QUEUE));
		String id = UUID.randomUUID().toString();
		broker.enqueue(EnqueueRequest.now(QUEUE, id, name, "{\"v\":1,\"args\":" + argsJson + ",\"h\":{}}", 0));
		return id;
	}

	/** Tell the console one worker instance serves the queue, as the heartbeat does. */
	public static void heartbeat(RedisBroker broker) {
		broker.heartbeat("web-1:4242:ab12cd34",
				"{\"host\":\"web-1\",\"pid\":4242,\"startedAt\":\"2026-01-01T00:00:00Z\",\"busy\":1,\"threads\":4,"
						+ "\"queues\":{\"mail\":{\"busy\":1,\"concurrency\":4}}}",
				Duration.ofMinutes(5));
	}

}
