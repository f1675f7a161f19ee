package io.github.asynctask.autoconfigure.outbox;

import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.outbox.OutboxRelay;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A transaction's tasks refused by a full queue (max-backlog) after the commit: logged at
 * ERROR naming the task; with the outbox on, the row waits in the outbox through more
 * relay rounds than a refused row gets before it is buried, its attempts not counted, and
 * goes once the queue has room. The queue is not served here.
 */
@ExtendWith({ RedisExtension.class, OutputCaptureExtension.class })
class OutboxFullQueueIntegrationTests {

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		this.runner = new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
							DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
							AsyncTaskAutoConfiguration.class, OutboxAutoConfiguration.class))
			.withBean(InvoiceTasks.class)
			.withPropertyValues("spring.data.redis.host=" + redis.host(), "spring.data.redis.port=" + redis.port(),
					"spring.datasource.generate-unique-name=true", "async-task.queues.invoices.enabled=false",
					"async-task.queues.invoices.max-backlog=1");
	}

	@Test
	void withoutTheOutboxARefusedCommittedTaskIsLoggedAtErrorByName(CapturedOutput output) {
		this.runner.run((context) -> {
			commitTwoTasks(context.getBean(TransactionTemplate.class), context.getBean(InvoiceTasks.class));
			assertThat(context.getBean(RedisBroker.class).stats("invoices").pending()).isEqualTo(1);
			assertThat(output).contains("ERROR")
				.contains("Task 'InvoiceTasks.send'")
				.contains("it is DROPPED")
				.contains("Queue 'invoices' is full");
		});
	}

	@Test
	void withTheOutboxARefusedRowWaitsInsteadOfBeingBuriedAndGoesOnceThereIsRoom(CapturedOutput output) {
		this.runner
			.withPropertyValues("async-task.outbox.enabled=true", "async-task.outbox.relay-after=1ms",
					"async-task.outbox.relay-interval=30m")
			.run((context) -> {
				commitTwoTasks(context.getBean(TransactionTemplate.class), context.getBean(InvoiceTasks.class));
				assertThat(output).contains("it stays in the outbox");
				JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
				OutboxRelay relay = context.getBean(OutboxRelay.class);
				RedisBroker broker = context.getBean(RedisBroker.class);
				// the accepted task's row leaves on the cleaner's thread, a moment after
				// the
				// commit; until then a relay round would send it again ("already exists")
				await().atMost(Duration.ofSeconds(20))
					.until(() -> jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class) == 1);
				// more rounds than a row Redis refuses for what it carries gets (5)
				for (int round = 0; round < 8; round++) {
					assertThat(relay.relayOnce()).isZero();
				}
				Map<String, Object> row = jdbc.queryForMap("select attempts, last_error from async_task_outbox");
				assertThat(row.get("ATTEMPTS")).isEqualTo(0);
				assertThat(row.get("LAST_ERROR")).isNull();
				assertThat(broker.stats("invoices").dead()).isZero();
				broker.complete(broker.dequeue("invoices", 1, Duration.ofMinutes(1)).get(0), Duration.ZERO);
				assertThat(relay.relayOnce()).isEqualTo(1);
				assertThat(jdbc.queryForObject("select count(*) from async_task_outbox", Integer.class)).isZero();
				assertThat(broker.stats("invoices").pending()).isEqualTo(1);
			});
	}

	private static void commitTwoTasks(TransactionTemplate transactions, InvoiceTasks tasks) {
		transactions.executeWithoutResult((status) -> {
			tasks.send("i-1");
			tasks.send("i-2");
		});
	}

	static class InvoiceTasks {

		@AsyncTask(queue = "invoices")
		public void send(String invoice) {
		}

	}

}
