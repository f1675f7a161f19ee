package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.github.sonus21.rqueue.annotation.RqueueListener;
import com.github.sonus21.rqueue.core.RqueueMessageEnqueuer;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Rqueue: a Spring Boot application with its starter and an {@code @RqueueListener} of
 * concurrency 16. Rqueue 3.x is built for Spring Boot 3; whether it starts on our Spring
 * Boot is checked once per run by {@link #startError}, and the exact error is reported
 * when it does not.
 */
final class RqueueSystem implements SystemUnderTest {

	@Override
	public String name() {
		return "rqueue";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("rqueue-core", Versions.ofJar(RqueueMessageEnqueuer.class), "spring-boot",
				Versions.ofJar(SpringApplication.class));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.DELAY, Feature.IDLE_WORKERS, Feature.REDIS);
	}

	@Override
	public String setup() {
		return "Spring Boot app with rqueue-spring-boot-starter; @RqueueListener(concurrency = \"16\"); "
				+ "RqueueMessageEnqueuer.enqueue/enqueueIn";
	}

	/** Start and stop the application once; the error text if it does not start. */
	@Override
	public @Nullable String startError(RedisTarget redis) {
		try (ConfigurableApplicationContext context = start(redis, false)) {
			return null;
		}
		catch (Throwable ex) {
			return Report.describe(ex);
		}
		finally {
			redis.flushAll();
		}
	}

	private static ConfigurableApplicationContext start(RedisTarget redis, boolean listen) {
		SpringApplication application = new SpringApplication(RqueueApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		return application.run("--spring.data.redis.host=" + redis.host(), "--spring.data.redis.port=" + redis.port(),
				"--rqueue.system.mode=" + (listen ? "BOTH" : "PRODUCER"), "--spring.main.banner-mode=off");
	}

	@Override
	public int scaled(int n) {
		return Math.max(1, n / 50);
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new RqueueContender(redis);
	}

	/** The application: auto-configuration plus the listener bean. */
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class RqueueApplication {

		@Bean
		NoopListener noopListener() {
			return new NoopListener();
		}

	}

	/** The no-op listener. */
	public static class NoopListener {

		@RqueueListener(value = Contender.QUEUE, concurrency = "16")
		public void onMessage(String arg) {
			Probe.hit(arg);
		}

	}

	private static final class RqueueContender implements Contender {

		private final RedisTarget redis;

		private final ConfigurableApplicationContext producer;

		private final RqueueMessageEnqueuer enqueuer;

		private ConfigurableApplicationContext worker;

		RqueueContender(RedisTarget redis) {
			this.redis = redis;
			this.producer = start(redis, false);
			this.enqueuer = this.producer.getBean(RqueueMessageEnqueuer.class);
		}

		@Override
		public void submit(String arg) {
			this.enqueuer.enqueue(QUEUE, arg);
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			this.enqueuer.enqueueIn(QUEUE, arg, delay.toMillis());
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) {
			this.worker = start(this.redis, true);
		}

		@Override
		public void close() {
			if (this.worker != null) {
				this.worker.close();
			}
			this.producer.close();
		}

	}

}
