package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.worker.WorkerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * {@code async-task.pools.*} and {@code async-task.queues.<name>.rate-limit} through the
 * auto-configuration: what the worker runs with, and start-up refused on bad values. No
 * Redis runs here.
 */
class FlowControlAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
		.withBean(AsyncTaskAutoConfigurationTests.AccountTasks.class);

	@Test
	void aPoolTakesItsQueuesOffTheirOwnThreadsInTheListedOrder() {
		this.contextRunner
			.withPropertyValues("async-task.pools.main.concurrency=4", "async-task.pools.main.queues.critical=6",
					"async-task.pools.main.queues.acc=3", "async-task.pools.main.queues.low=1")
			.run((context) -> {
				WorkerSettings settings = startedSettings(context);
				assertThat(settings.concurrencyByQueue()).containsExactly(entry("default", 8));
				QueuePool pool = settings.pools().get("main");
				assertThat(pool.concurrency()).isEqualTo(4);
				assertThat(pool.strict()).isFalse();
				assertThat(pool.weights()).containsExactly(entry("critical", 6), entry("acc", 3), entry("low", 1));
				assertThat(settings.queues()).containsExactlyInAnyOrder("default", "critical", "acc", "low");
			});
	}

	@Test
	void aPoolWithoutConcurrencyTakesTheWorkerConcurrencyAndADisabledQueueLeavesIt() {
		this.contextRunner
			.withPropertyValues("async-task.worker.concurrency=3", "async-task.pools.main.strict=true",
					"async-task.pools.main.queues.high=1", "async-task.pools.main.queues.acc=1",
					"async-task.queues.acc.enabled=false")
			.run((context) -> {
				QueuePool pool = startedSettings(context).pools().get("main");
				assertThat(pool.concurrency()).isEqualTo(3);
				assertThat(pool.strict()).isTrue();
				assertThat(pool.weights()).containsOnlyKeys("high");
			});
	}

	@Test
	void aRateLimitReachesTheWorkerAlsoForAPooledQueue() {
		this.contextRunner
			.withPropertyValues("async-task.queues.mail.rate-limit=100/1s", "async-task.pools.main.queues.acc=1",
					"async-task.queues.acc.rate-limit=5/1m")
			.run((context) -> assertThat(startedSettings(context).rateLimits()).containsOnly(
					entry("mail", new RateLimit(100, Duration.ofSeconds(1))),
					entry("acc", new RateLimit(5, Duration.ofMinutes(1)))));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			textBlock = """
					async-task.pools.main.queues.low=0            | async-task.pools.main.queues.low must be a weight of at least 1 but was 0
					async-task.pools.main.queues.low=-3           | async-task.pools.main.queues.low must be a weight of at least 1 but was -3
					async-task.queues.mail.rate-limit=100/0s      | async-task.queues.mail.rate-limit must be <permits>/<period>
					async-task.queues.mail.rate-limit=abc         | async-task.queues.mail.rate-limit must be <permits>/<period>
					async-task.queues.mail.rate-limit=0/1s        | but was '0/1s'
					""")
	void badFlowControlValuesAreRefusedNamingTheKey(String property, String message) {
		this.contextRunner.withPropertyValues(property).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(message);
		});
	}

	@Test
	void aQueueInTwoPlacesIsRefused() {
		this.contextRunner
			.withPropertyValues("async-task.pools.main.queues.acc=1", "async-task.queues.acc.concurrency=2")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("Queue 'acc' is in async-task.pools.main.queues and also served on its own"));
		this.contextRunner.withPropertyValues("async-task.pools.a.queues.acc=1", "async-task.pools.b.queues.acc=1")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("Queue 'acc' is listed in two pools"));
	}

	@Test
	void maxConcurrencyWithoutAConcurrencyKeyIsRefusedNamingTheBeanAndMethod() {
		this.contextRunner.withBean("tenantTasks", TenantTasks.class)
			.run((context) -> assertThat(context.getStartupFailure()).hasStackTraceContaining("'tenantTasks' method")
				.hasStackTraceContaining("TenantTasks.report")
				.hasStackTraceContaining("maxConcurrency = 2 needs a concurrencyKey"));
	}

	private static WorkerSettings startedSettings(AssertableApplicationContext context) {
		assertThat(context).hasNotFailed();
		return context.getBean(AsyncTaskWorkers.class).container().orElseThrow().settings();
	}

	public static class TenantTasks {

		@AsyncTask(maxConcurrency = 2)
		public void report(String tenantId) {
		}

	}

}
