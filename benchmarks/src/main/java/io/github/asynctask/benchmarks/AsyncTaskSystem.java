package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.i18n.LocaleContextHolder;
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

	/** The queues of the pooled row and their weights; its tasks go round-robin. */
	private static final Map<String, Integer> POOL = Map.of(Contender.QUEUE, 6, Contender.QUEUE + "-b", 3,
			Contender.QUEUE + "-c", 1);

	private final String name;

	private final boolean context;

	private final boolean pooled;

	private final Map<String, Object> properties;

	/** The plain row: no context propagation, as before it existed. */
	AsyncTaskSystem() {
		this("async-task", false);
	}

	/**
	 * @param name the row's name
	 * @param context whether submitting threads carry a request id in the MDC and a
	 * locale, and {@code async-task.context.*} carries them to the runs (the row's cost
	 * of context propagation)
	 */
	AsyncTaskSystem(String name, boolean context) {
		this(name, context, false, Map.of());
	}

	/**
	 * A row whose applications also get these properties (the outbox scenario's rows).
	 */
	AsyncTaskSystem(String name, boolean context, Map<String, Object> properties) {
		this(name, context, false, properties);
	}

	private AsyncTaskSystem(String name, boolean context, boolean pooled, Map<String, Object> properties) {
		this.name = name;
		this.context = context;
		this.pooled = pooled;
		this.properties = Map.copyOf(properties);
	}

	/**
	 * The row {@code async-task-pool3}: tasks spread round-robin over three queues that
	 * one weighted pool ({6, 3, 1}) of the same threads serves.
	 */
	static AsyncTaskSystem pooled() {
		return new AsyncTaskSystem("async-task-pool3", false, true, Map.of());
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
		return (this.pooled ? "tasks round-robin over 3 queues served by async-task.pools.bench (weights 6/3/1, "
				+ "the same threads); " : "")
				+ "Spring Boot application with async-task's auto-configuration (spring.data.redis.*, defaults), "
				+ "@AsyncTask proxy; batch = 100 calls per DataSourceTransactionManager(H2) transaction; workers: "
				+ "a second application in the same JVM with async-task.queues.<queue>.concurrency; no MeterRegistry"
				+ (this.context
						? "; context propagation on: every submitting thread has an MDC requestId and a "
								+ "locale, carried with async-task.context.mdc-keys=requestId"
						: "; context propagation off");
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new Stack(redis, this.context, this.pooled, this.properties);
	}

	/**
	 * The application of this row on {@code redis}, with these properties and further
	 * beans (e.g. {@link ScheduleScenario}'s periodic task).
	 */
	static ConfigurableApplicationContext application(RedisTarget redis, Map<String, Object> properties,
			Class<?>... beans) {
		Map<String, Object> all = new LinkedHashMap<>(properties);
		all.put("spring.data.redis.host", redis.host());
		all.put("spring.data.redis.port", redis.port());
		return new SpringApplicationBuilder(AsyncTaskStackConfiguration.class).sources(beans)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(all)
			.run();
	}

	private static final class Stack implements OutboxScenario.Application {

		private final RedisTarget redis;

		private final ConfigurableApplicationContext producer;

		private final NoopTasks tasks;

		private final AsyncTaskTemplate template;

		private final TransactionTemplate transactions;

		private final boolean context;

		private final boolean pooled;

		private final List<TaskOptions> spread = POOL.keySet()
			.stream()
			.sorted()
			.map((queue) -> TaskOptions.defaults().queue(queue))
			.toList();

		private final AtomicInteger next = new AtomicInteger();

		private @Nullable ConfigurableApplicationContext worker;

		private final Map<String, Object> properties;

		Stack(RedisTarget redis, boolean context, boolean pooled, Map<String, Object> properties) {
			this.redis = redis;
			this.context = context;
			this.pooled = pooled;
			this.properties = properties;
			this.producer = start(Map.of("async-task.worker.enabled", "false"));
			this.tasks = this.producer.getBean(NoopTasks.class);
			this.template = this.producer.getBean(AsyncTaskTemplate.class);
			this.transactions = this.producer.getBean(TransactionTemplate.class);
		}

		@Override
		public void submit(String arg) {
			callerContext();
			noop(arg);
		}

		private void noop(String arg) {
			if (this.pooled) {
				TaskOptions options = this.spread.get(Math.floorMod(this.next.getAndIncrement(), this.spread.size()));
				this.template.submit(options, () -> this.tasks.noop(arg));
			}
			else {
				this.tasks.noop(arg);
			}
		}

		// What a web request's thread has: set once per producer thread, not per submit.
		private void callerContext() {
			if (this.context && MDC.get("requestId") == null) {
				MDC.put("requestId", Thread.currentThread().getName());
				LocaleContextHolder.setLocale(Locale.GERMANY);
			}
		}

		@Override
		public void submitBatch(List<String> args) {
			callerContext();
			this.transactions.executeWithoutResult((status) -> args.forEach(this::noop));
		}

		@Override
		public void submitDelayed(String arg, Duration delay) {
			callerContext();
			this.template.submit(TaskOptions.defaults().delay(delay), () -> this.tasks.noop(arg));
		}

		@Override
		public void startWorkers(List<String> queues, int concurrency) throws InterruptedException {
			Map<String, Object> properties = new LinkedHashMap<>();
			if (this.pooled) {
				properties.put("async-task.pools.bench.concurrency", concurrency);
				POOL.forEach((queue, weight) -> properties.put("async-task.pools.bench.queues." + queue, weight));
			}
			else {
				queues.forEach((queue) -> properties.put("async-task.queues." + queue + ".concurrency", concurrency));
			}
			List<String> served = this.pooled ? List.copyOf(POOL.keySet()) : queues;
			properties.put("async-task.shutdown-timeout", "5s");
			// the queues wait paused while the worker application boots and the JIT
			// settles, so booting is not measured as the first tasks' cost
			served.forEach(this.template::pause);
			this.worker = start(properties);
			try {
				Jit.settle();
			}
			finally {
				served.forEach(this.template::resume);
			}
		}

		private ConfigurableApplicationContext start(Map<String, Object> properties) {
			Map<String, Object> all = new LinkedHashMap<>(this.properties);
			all.putAll(properties);
			all.put("async-task.context.enabled", this.context);
			all.put("async-task.context.mdc-keys", "requestId");
			return application(this.redis, all);
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
