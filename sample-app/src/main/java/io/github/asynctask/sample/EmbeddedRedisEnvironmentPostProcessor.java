package io.github.asynctask.sample;

import java.util.Map;
import java.util.Set;

import org.apache.commons.logging.Log;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Lets the sample run on a machine with no Redis: when nothing answers at the configured
 * local {@code spring.data.redis.host:port}, it starts an embedded Redis, points
 * {@code spring.data.redis.port} at it and stops it when the application stops. It runs
 * before any bean exists, so the connection factory only ever sees the final address.
 * <p>
 * Only this sample does this; an application using the starter gets no such magic. Set
 * {@code sample.embedded-redis.enabled=false} to turn it off.
 */
public class EmbeddedRedisEnvironmentPostProcessor implements EnvironmentPostProcessor {

	private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "::1");

	private final Log logger;

	public EmbeddedRedisEnvironmentPostProcessor(DeferredLogFactory logFactory) {
		this.logger = logFactory.getLog(EmbeddedRedisEnvironmentPostProcessor.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!environment.getProperty("sample.embedded-redis.enabled", Boolean.class, true)
				|| environment.containsProperty("spring.data.redis.url")
				|| environment.containsProperty("spring.data.redis.sentinel.master")
				|| environment.containsProperty("spring.data.redis.cluster.nodes[0]")) {
			return;
		}
		String host = environment.getProperty("spring.data.redis.host", "localhost");
		int port = environment.getProperty("spring.data.redis.port", Integer.class, 6379);
		if (RedisProbe.answers(host, port)) {
			this.logger.info("Using the Redis server answering at " + host + ":" + port);
			return;
		}
		if (!LOCAL_HOSTS.contains(host)) {
			this.logger.warn("No Redis answers at " + host + ":" + port
					+ "; not starting an embedded one because that host is not this machine");
			return;
		}
		EmbeddedRedis redis = EmbeddedRedis.start(RedisProbe.freePort(port));
		environment.getPropertySources()
			.addFirst(new MapPropertySource("sampleEmbeddedRedis", Map.of("spring.data.redis.port", redis.port())));
		this.logger.warn("No Redis answers at " + host + ":" + port + "; started an embedded Redis (" + redis.source()
				+ ") on port " + redis.port()
				+ ". Tasks live only as long as this process: set spring.data.redis.host/port to use a real Redis.");
		// Registered before any bean, so destroyed after all of them: the worker
		// container has
		// handed its tasks back and the Redis client has closed by the time Redis stops.
		application.addInitializers((context) -> ((DefaultSingletonBeanRegistry) context.getBeanFactory())
			.registerDisposableBean("sampleEmbeddedRedis", redis::stop));
		application.addListeners(new StopOnFailure(redis));
	}

	/**
	 * Stops the embedded Redis when the application fails to start (no context to close).
	 */
	private record StopOnFailure(EmbeddedRedis redis) implements ApplicationListener<ApplicationFailedEvent> {

		@Override
		public void onApplicationEvent(ApplicationFailedEvent event) {
			this.redis.stop();
		}

	}

}
