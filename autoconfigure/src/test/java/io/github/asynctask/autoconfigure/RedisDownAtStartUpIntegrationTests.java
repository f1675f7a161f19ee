package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.health.AsyncTaskHealthAutoConfiguration;
import io.github.asynctask.autoconfigure.outbox.OutboxAutoConfiguration;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.test.RedisProcess;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * An application whose Redis is down when it starts: the context starts, its
 * {@code asynctask} health is DOWN, one WARN says what waits; submits behave as
 * documented (a direct submit throws {@link RedisUnavailableException}, a committed one
 * waits in the re-send buffer or the outbox table); once Redis answers (started after the
 * context, on the port the application was given) the workers connect with one INFO, run
 * the tasks submitted before and after, the periodic task fires, and health is UP; a
 * sharded queue's subscriptions connect as well.
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisDownAtStartUpIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private RedisProcess redis;

	private ApplicationContextRunner runner;

	@BeforeEach
	void redisNotYetRunning() {
		// a port of our own, with nothing listening on it until the test starts Redis
		this.redis = RedisProcess.startDefault();
		this.redis.stop();
		MailTasks.sent.clear();
		Ticks.ticks.clear();
		this.runner = new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
							DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
							AsyncTaskAutoConfiguration.class, AsyncTaskHealthAutoConfiguration.class))
			.withBean(MailTasks.class)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
					"spring.data.redis.timeout=2s", "spring.data.redis.connect-timeout=500ms",
					"spring.datasource.generate-unique-name=true", "async-task.lease=3s",
					"async-task.shutdown-timeout=1s");
	}

	@AfterEach
	void stopRedis() {
		this.redis.close();
	}

	@Test
	void theApplicationStartsDownThenRunsTasksSubmittedBeforeAndAfterRedisAnswers(CapturedOutput output) {
		this.runner.withBean(Ticks.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(health(context)).isEqualTo(Status.DOWN);
			MailTasks tasks = context.getBean(MailTasks.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			// outside a transaction the caller learns at once that Redis did not take it
			assertThatExceptionOfType(RedisUnavailableException.class)
				.isThrownBy(() -> template.submit(TaskOptions.defaults(), () -> tasks.send("direct")));
			// a committed submit waits in the re-send buffer
			TaskReceipt committed = context.getBean(TransactionTemplate.class)
				.execute((status) -> template.submit(TaskOptions.defaults(), () -> tasks.send("committed")));
			assertThat(committed.status()).isEqualTo(TaskReceipt.Status.DEFERRED_UNTIL_COMMIT);
			assertThat(context.getBean(ResendBuffer.class).size()).isEqualTo(1);

			this.redis.start();
			await().atMost(WAIT).until(() -> MailTasks.sent.contains("committed"));
			tasks.send("after");
			await().atMost(WAIT).until(() -> MailTasks.sent.contains("after"));
			await().atMost(WAIT).until(() -> !Ticks.ticks.isEmpty());
			assertThat(MailTasks.sent).doesNotContain("direct");
			assertThat(health(context)).isEqualTo(Status.UP);
			// over the whole outage, one WARN beside the committed submit's own report
			assertThat(warnings(output)).as("WARN lines")
				.filteredOn((line) -> !line.contains("AfterCommitSubmissions"))
				.singleElement(InstanceOfAssertFactories.STRING)
				.contains("Redis at 127.0.0.1:" + this.redis.port() + " cannot be reached");
			assertThat(output.getOut())
				.containsOnlyOnce("Started async-task workers {mail=8, ticks=8} on Redis at 127.0.0.1:"
						+ this.redis.port() + " as instance");
		});
	}

	@Test
	void aTaskCommittedWithTheOutboxWaitsInItsTableAndRunsOnceRedisAnswers() {
		this.runner.withConfiguration(AutoConfigurations.of(OutboxAutoConfiguration.class))
			.withPropertyValues("async-task.outbox.enabled=true")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				MailTasks tasks = context.getBean(MailTasks.class);
				context.getBean(TransactionTemplate.class).executeWithoutResult((status) -> tasks.send("outboxed"));
				JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
				assertThat(jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class)).isEqualTo(1);

				this.redis.start();
				await().atMost(WAIT).until(() -> MailTasks.sent.contains("outboxed"));
				await().atMost(WAIT)
					.until(() -> jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class) == 0);
			});
	}

	@Test
	void aShardedQueueSubscribesToEveryShardOnceRedisAnswers() {
		this.runner.withPropertyValues("async-task.queues.mail.shards=2").run((context) -> {
			assertThat(context).hasNotFailed();
			this.redis.start();
			context.getBean(MailTasks.class).send("sharded");
			await().atMost(WAIT).until(() -> MailTasks.sent.contains("sharded"));
			assertThat(health(context)).isEqualTo(Status.UP);
		});
	}

	private static Status health(AssertableApplicationContext context) {
		return context.getBean("asynctaskHealthIndicator", HealthIndicator.class).health(true).getStatus();
	}

	/** The WARN lines of async-task's own loggers. */
	private static List<String> warnings(CapturedOutput output) {
		return output.getOut()
			.lines()
			.filter((line) -> line.contains("WARN")
					&& (line.contains("i.g.a.") || line.contains("io.github.asynctask")))
			.toList();
	}

	@AsyncTask(queue = "mail")
	static class MailTasks {

		static final List<String> sent = new CopyOnWriteArrayList<>();

		public void send(String what) {
			sent.add(what);
		}

	}

	static class Ticks {

		static final List<Instant> ticks = new CopyOnWriteArrayList<>();

		@AsyncTask(name = "offline.tick", queue = "ticks", every = "1s")
		public void tick(Instant tick) {
			ticks.add(tick);
		}

	}

}
