package io.github.asynctask.autoconfigure.flow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.TaskFailedException;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.WorkerContexts;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.definition.InvalidTaskDefinitionException;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Task results through the starter on one real Redis: a caller context that only submits
 * gets values computed by a worker context, a dead task fails its future, results outlive
 * the call ({@code template.result}), a result too large goes dead, and ten thousand
 * futures share one subscription.
 */
@ExtendWith(RedisExtension.class)
class ResultsIntegrationTests {

	/** The client name of the caller's connections. */
	private static final String CALLER = "results-caller";

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		this.runner = WorkerContexts.on(redis, Calculator.class)
			.withConfiguration(AutoConfigurations.of(AsyncTaskConsoleAutoConfiguration.class))
			.withPropertyValues("async-task.lease=3s", "async-task.shutdown-timeout=1s",
					"async-task.max-payload-size=2KB");
	}

	/**
	 * A worker context serving {@link Calculator} with a short lease and poll interval,
	 * on the Redis these properties name.
	 */
	static ApplicationContextRunner calculatorRunner(String... properties) {
		return WorkerContexts.withTasks(Calculator.class, properties);
	}

	private ApplicationContextRunner caller() {
		return this.runner.withPropertyValues("async-task.worker.enabled=false");
	}

	@Test
	void aCallerGetsTheValueComputedOnAnotherContext() {
		caller().run((client) -> this.runner.run((worker) -> {
			CompletableFuture<Long> square = client.getBean(Calculator.class).square(12);
			assertThat(square.get(20, TimeUnit.SECONDS)).isEqualTo(144L);
		}));
	}

	@Test
	void aDeadTaskFailsItsFutureWithIdNameAndLastError() {
		caller().run((client) -> this.runner.run((worker) -> {
			CompletableFuture<Long> failing = client.getBean(Calculator.class).fail(3);
			assertThatThrownBy(() -> failing.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
				.cause()
				.isInstanceOf(TaskFailedException.class)
				.hasMessageContaining("calc.fail")
				.hasMessageContaining("no square for 3")
				.satisfies((error) -> assertThat(((TaskFailedException) error).taskName()).isEqualTo("calc.fail"));
		}));
	}

	@Test
	void theTemplateReadsAResultOfATaskSubmittedElsewhere() {
		this.runner.withPropertyValues("async-task.retention.completed=1m").run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Calculator calculator = context.getBean(Calculator.class);
			TaskReceipt receipt = template.submit(TaskOptions.defaults(), () -> calculator.square(5));
			assertThat(template.result(receipt.taskId(), Long.class).get(20, TimeUnit.SECONDS)).isEqualTo(25L);
			// kept: read again at once
			assertThat(template.result(receipt.taskId(), Long.class).get(5, TimeUnit.SECONDS)).isEqualTo(25L);
			// the endpoint and the console show it on the completed task
			// (the completed task's view is read once its completion is visible to a new
			// connection; in a full run it once read no result the moment the future did)
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(
						() -> assertThat(context.getBean(TaskOperations.class).task("calc", receipt.taskId()).result())
							.isEqualTo("25"));
			assertThatThrownBy(() -> template.result("01NOSUCHTASK", Long.class).get(5, TimeUnit.SECONDS)).cause()
				.isInstanceOf(TaskFailedException.class)
				.hasMessageContaining("no task and no result with this id");
		});
	}

	@Test
	void aResultAboveMaxPayloadSizeGoesDeadWithThatReason() {
		this.runner.run((context) -> {
			CompletableFuture<String> big = context.getBean(Calculator.class).big(5000);
			assertThatThrownBy(() -> big.get(20, TimeUnit.SECONDS)).cause()
				.isInstanceOf(TaskFailedException.class)
				.hasMessageContaining("above async-task.max-payload-size of 2048 bytes");
		});
	}

	@Test
	void aResultTypeJacksonCannotWriteRefusesStartUp() {
		this.runner.withBean("opaque", Opaque.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(InvalidTaskDefinitionException.class)
				.hasMessageContaining("Opaque.make result type")
				.hasMessageContaining("cannot be written by Jackson");
		});
	}

	@Test
	void tenThousandFuturesShareOneSubscriptionPerInstance() {
		int count = 10_000;
		// the caller's connections carry a name of their own: the worker beside it opens
		// its
		// own as it warms up, which is not what is counted here
		ApplicationContextRunner named = caller().withPropertyValues("spring.data.redis.client-name=" + CALLER);
		named.run((client) -> this.runner.withPropertyValues("async-task.worker.concurrency=16").run((worker) -> {
			RedisConnectionFactory factory = client.getBean(RedisConnectionFactory.class);
			long clientsBefore = callerClients(factory);
			long subscribersBefore = subscribers(factory);
			Calculator calculator = client.getBean(Calculator.class);
			List<CompletableFuture<Long>> futures = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				futures.add(calculator.square(i));
			}
			CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
			for (int i = 0; i < count; i++) {
				assertThat(futures.get(i).get()).isEqualTo((long) i * i);
			}
			assertThat(subscribers(factory) - subscribersBefore).as("new subscribed connections").isEqualTo(1);
			// the caller's futures added its one subscription connection, no more
			assertThat(callerClients(factory) - clientsBefore).as("the caller's new connections").isBetween(1L, 2L);
		}));
	}

	private static long subscribers(RedisConnectionFactory factory) {
		try (RedisConnection connection = factory.getConnection()) {
			return connection.serverCommands()
				.getClientList()
				.stream()
				.filter((info) -> !"0".equals(info.get("sub")) || !"0".equals(info.get("psub")))
				.count();
		}
	}

	private static long callerClients(RedisConnectionFactory factory) {
		try (RedisConnection connection = factory.getConnection()) {
			return connection.serverCommands()
				.getClientList()
				.stream()
				.filter((info) -> CALLER.equals(info.get("name")))
				.count();
		}
	}

	/** Tasks with results. */
	public static class Calculator {

		@AsyncTask(name = "calc.square", queue = "calc")
		public CompletableFuture<Long> square(long n) {
			return CompletableFuture.completedFuture(n * n);
		}

		@AsyncTask(name = "calc.fail", queue = "calc", maxRetries = 0)
		public CompletableFuture<Long> fail(long n) {
			throw new IllegalArgumentException("no square for " + n);
		}

		@AsyncTask(name = "calc.cube", queue = "calc", bizId = "#n")
		public CompletableFuture<Long> cube(long n) {
			return CompletableFuture.completedFuture(n * n * n);
		}

		@AsyncTask(name = "calc.later", queue = "calc", delay = "1h")
		public CompletableFuture<Long> later(long n) {
			return CompletableFuture.completedFuture(n);
		}

		/** Opened by a test to let {@link #gated} finish. */
		static volatile CountDownLatch gate = new CountDownLatch(1);

		@AsyncTask(name = "calc.gated", queue = "calc")
		public CompletableFuture<Long> gated(long n) throws InterruptedException {
			gate.await(20, TimeUnit.SECONDS);
			return CompletableFuture.completedFuture(n * n);
		}

		@AsyncTask(name = "calc.big", queue = "calc", maxRetries = 0)
		public CompletableFuture<String> big(int length) {
			return CompletableFuture.completedFuture("x".repeat(length));
		}

	}

	/** A type without properties: Jackson cannot write it. */
	public static class Hidden {

	}

	public static class Opaque {

		@AsyncTask(name = "opaque.make")
		public CompletableFuture<Hidden> make(long n) {
			return CompletableFuture.completedFuture(new Hidden());
		}

	}

}
