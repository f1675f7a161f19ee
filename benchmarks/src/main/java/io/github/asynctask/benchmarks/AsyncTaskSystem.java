package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.aop.ProxyTaskBodyInvoker;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.AnnotationTaskRegistry;
import io.github.asynctask.redis.LuaRedisBroker;
import io.github.asynctask.redis.RedisWakeSignals;
import io.github.asynctask.worker.WorkerContainer;
import io.github.asynctask.worker.WorkerContainerBuilder;
import io.github.asynctask.worker.WorkerSettings;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * async-task, the whole stack: a Spring context with an {@code @AsyncTask} no-op bean,
 * submits through its proxy (batches: 100 calls in one H2 transaction, sent after
 * commit), and a {@link WorkerContainer} with default settings (lease 30 s, poll 1 s)
 * running the bodies through the same proxy.
 */
final class AsyncTaskSystem implements SystemUnderTest {

	@Override
	public String name() {
		return "async-task";
	}

	@Override
	public Map<String, String> versions() {
		return Map.of("async-task-core", AsyncTaskVersion.get(), "spring-context",
				Versions.ofJar(AnnotationConfigApplicationContext.class), "spring-data-redis",
				Versions.of("org.springframework.data", "spring-data-redis"), "lettuce-core",
				Versions.of("io.lettuce", "lettuce-core"));
	}

	@Override
	public Set<Feature> features() {
		return Set.of(Feature.values());
	}

	@Override
	public String setup() {
		return "AnnotationConfigApplicationContext, @AsyncTask proxy, JacksonTaskCodec; batch = 100 calls per "
				+ "DataSourceTransactionManager(H2) transaction; WorkerContainer with default settings";
	}

	@Override
	public Contender open(RedisTarget redis) {
		return new Stack(redis);
	}

	private static final class Stack implements Contender {

		private final AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();

		private final NoopTasks tasks;

		private final AsyncTaskTemplate template;

		private final TransactionTemplate transactions;

		private WorkerContainer container;

		Stack(RedisTarget redis) {
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("bench.redis.host", redis.host());
			properties.put("bench.redis.port", redis.port());
			this.context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("bench", properties));
			this.context.register(AsyncTaskStackConfiguration.class);
			this.context.refresh();
			this.tasks = this.context.getBean(NoopTasks.class);
			this.template = this.context.getBean(AsyncTaskTemplate.class);
			this.transactions = this.context.getBean(TransactionTemplate.class);
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
		public void startWorkers(List<String> queues, int concurrency) {
			Map<String, Integer> concurrencyByQueue = new LinkedHashMap<>();
			queues.forEach((queue) -> concurrencyByQueue.put(queue, concurrency));
			LuaRedisBroker broker = this.context.getBean(LuaRedisBroker.class);
			this.container = new WorkerContainerBuilder(broker,
					new RedisWakeSignals(this.context.getBean(LettuceConnectionFactory.class),
							AsyncTaskStackConfiguration.KEYS),
					this.context.getBean(AnnotationTaskRegistry.class), this.context.getBean(JacksonTaskCodec.class),
					this.context.getBean(ProxyTaskBodyInvoker.class),
					WorkerSettings.builder(concurrencyByQueue).shutdownTimeout(Duration.ofSeconds(5)).build())
				.build();
			this.container.start();
		}

		@Override
		public void close() {
			if (this.container != null) {
				this.container.stop();
			}
			this.context.close();
		}

	}

}
