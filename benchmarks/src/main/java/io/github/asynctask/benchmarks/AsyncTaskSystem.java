package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * async-task, the whole stack as an application gets it from the starter: a Spring Boot
 * application submitting through the {@code @AsyncTask} proxy (batches: 100 calls in one
 * H2 transaction, sent after commit) with {@code async-task.worker.enabled=false}, and
 * when workers are wanted a second application in the same JVM, as a worker instance,
 * serving the queue with default settings (lease 30 s, poll 2 s). The queue is paused
 * while that application boots and resumed (which wakes its workers) once it is up.
 */
final class AsyncTaskSystem implements SystemUnderTest {

	private final String name;

	private final Map<String, Object> properties;

	AsyncTaskSystem() {
		this("async-task", Map.of());
	}

	/**
	 * A variant of the stack: its row name and the properties its applications get (the
	 * outbox scenario's rows).
	 */
	AsyncTaskSystem(String name, Map<String, Object> properties) {
		this.name = name;
		this.properties = Map.copyOf(properties);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("async-task-core", AsyncTaskVersion.get(), "spring-boot", SpringBootVersion.getVersion(),
				"spring-data-redis", Versions.of("org.springframework.data", "spring-data-redis"), "lettuce-core",
				Versions.of("io.lettuce", "lettuce-core"));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.values());
	}

	@Override
	public String setup() {
		return "Spring Boot application with async-task's auto-configuration (spring.data.redis.*, defaults), "
				+ "@AsyncTask proxy; batch = 100 calls per DataSourceTransactionManager(H2) transaction; workers: "
				+ "a second application in the same JVM with async-task.queues.<queue>.concurrency; no MeterRegistry";
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new Stack(redis, this.properties);
	}

	private static final class Stack implements OutboxScenario.Application {

		private final RedisTarget redis;

		private final ConfigurableApplicationContext producer;

		private final NoopTasks tasks;

		private final AsyncTaskTemplate template;

		private final TransactionTemplate transactions;

		private @Nullable ConfigurableApplicationContext worker;

		private final Map<String, Object> properties;

		Stack(RedisTarget redis, Map<String, Object> properties) {
			this.redis = redis;
			this.properties = properties;
			this.producer = start(Map.of("async-task.worker.enabled", "false"));
			this.tasks = this.producer.getBean(NoopTasks.class);
			this.template = this.producer.getBean(AsyncTaskTemplate.class);
			this.transactions = this.producer.getBean(TransactionTemplate.class);
		}

		@Override
		public void submit(String arg) {
			this.tasks.noop(arg);
		}

		@Override
		public void submitBatch(List<String> args) {
			this.transactions.executeWithoutResult((status) -> args.forEach(this.tasks::noop));
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			this.template.submit(TaskOptions.defaults().delay(delay), () -> this.tasks.noop(arg));
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) throws InterruptedException {
			Map<String, Object> properties = new LinkedHashMap<>();
			queues.forEach((queue) -> properties.put("async-task.queues." + queue + ".concurrency", concurrency));
			properties.put("async-task.shutdown-timeout", "5s");
			// the queues wait paused while the worker application boots and the JIT
			// settles, so booting is not measured as the first tasks' cost
			queues.forEach(this.template::pause);
			this.worker = start(properties);
			try {
				Jit.settle();
			}
			finally {
				queues.forEach(this.template::resume);
			}
		}

		private ConfigurableApplicationContext start(Map<String, Object> properties) {
			Map<String, Object> all = new LinkedHashMap<>(this.properties);
			all.putAll(properties);
			all.put("spring.data.redis.host", this.redis.host());
			all.put("spring.data.redis.port", this.redis.port());
			return new SpringApplicationBuilder(AsyncTaskStackConfiguration.class).web(WebApplicationType.NONE)
				.bannerMode(Banner.Mode.OFF)
				.logStartupInfo(false)
				.properties(all)
				.run();
		}

		@Override
		public ConfigurableApplicationContext producer() {
			return this.producer;
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
