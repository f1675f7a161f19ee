package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;
import java.util.Optional;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.flow.FlowsIntegrationTests.SynchronizationOnlyTransactionManager;
import io.github.asynctask.autoconfigure.metrics.AsyncTaskMetricsAutoConfiguration;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Batches through the starter on one real Redis: every child completed runs onSuccess
 * once; a dead child runs onDeath and onComplete once each and never onSuccess; children
 * on a sharded queue count like any; a batch in a rolled-back transaction leaves nothing,
 * in a committed one it runs after the commit; children are added while a batch is open
 * or running; a cancelled batch skips the children not started and owes no callback.
 */
@ExtendWith(RedisExtension.class)
class BatchesIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private RedisServer redis;

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		Imports.reset();
		this.redis = redis;
		this.runner = runner(redis.host(), redis.port());
	}

	static ApplicationContextRunner runner(String host, int port) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
					AsyncTaskMetricsAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.host=" + host, "spring.data.redis.port=" + port,
					"async-task.lease=3s", "async-task.shutdown-timeout=1s", "async-task.queues.audit.shards=4")
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withBean(Imports.class);
	}

	static BatchOptions callbacks(String name) {
		return BatchOptions.named(name);
	}

	/** Every callback, each recording its kind: success, complete, death. */
	static BatchOptions allCallbacks(String name, Imports imports) {
		return BatchOptions.named(name)
			.onSuccess(() -> imports.callback("success"))
			.onComplete(() -> imports.callback("complete"))
			.onDeath(() -> imports.callback("death"));
	}

	@Test
	void whenEveryChildCompletedOnSuccessRunsOnceAndTheBatchSucceeded() {
		this.runner.run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			BatchReceipt receipt = template.batch(allCallbacks("import-1", imports), () -> {
				for (long row = 1; row <= 40; row++) {
					imports.importRow(row);
					imports.audit(1000 + row);
				}
			});
			assertThat(receipt.children()).isEqualTo(80);
			assertThat(receipt.deferredUntilCommit()).isFalse();
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("success"));
			BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
			assertThat(info.state()).isEqualTo(BatchState.SUCCEEDED);
			assertThat(info.name()).isEqualTo("import-1");
			assertThat(info.total()).isEqualTo(80);
			assertThat(info.completed()).isEqualTo(80);
			assertThat(info.dead()).isZero();
			assertThat(info.pending()).isZero();
			assertThat(info.active()).isZero();
			assertThat(info.endedAt()).isNotNull().isAfterOrEqualTo(info.createdAt());
			assertThat(info.percentDone()).isEqualTo(100);
			assertThat(Imports.runs()).isEqualTo(80);
			// nothing more comes
			await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 1);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.counter("asynctask.batch.created").count()).isEqualTo(1);
			assertThat(meters.counter("asynctask.batch.succeeded").count()).isEqualTo(1);
		});
	}

	@Test
	void aDeadChildRunsOnDeathAndOnCompleteOnceAndNeverOnSuccess() {
		this.runner.run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			BatchReceipt receipt = template.batch(allCallbacks("import-2", imports), () -> {
				for (long row = 1; row <= 20; row++) {
					imports.importRow((row % 7 == 0) ? -row : row);
				}
			});
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("complete"));
			await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 2);
			assertThat(Imports.callbacks).containsExactlyInAnyOrder("death", "complete");
			BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
			assertThat(info.state()).isEqualTo(BatchState.COMPLETED);
			assertThat(info.completed()).isEqualTo(18);
			assertThat(info.dead()).isEqualTo(2);
			assertThat(context.getBean(MeterRegistry.class).counter("asynctask.batch.completed").count()).isEqualTo(1);
		});
	}

	@Test
	void aBatchWithoutChildrenSucceedsAtItsSeal() {
		this.runner.run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			BatchReceipt receipt = template.batch(BatchOptions.defaults().onSuccess(() -> imports.callback("empty")),
					() -> {
					});
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("empty"));
			assertThat(template.findBatch(receipt.batchId())).map(BatchInfo::state).contains(BatchState.SUCCEEDED);
		});
	}

	@Test
	void aBatchOfARolledBackTransactionLeavesNothingAndACommittedOneRunsAfterTheCommit() {
		this.runner.run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			TransactionTemplate transactions = new TransactionTemplate(new SynchronizationOnlyTransactionManager());
			String[] rolledBack = new String[1];
			transactions.executeWithoutResult((status) -> {
				BatchReceipt receipt = template.batch(callbacks("rolled back").onSuccess(() -> imports.callback("rb")),
						() -> imports.importRow(1));
				assertThat(receipt.deferredUntilCommit()).isTrue();
				rolledBack[0] = receipt.batchId();
				status.setRollbackOnly();
			});
			BatchReceipt[] committed = new BatchReceipt[1];
			transactions.executeWithoutResult((status) -> {
				committed[0] = template.batch(callbacks("committed").onSuccess(() -> imports.callback("committed")),
						() -> imports.importRow(2));
				assertThat(template.findBatch(committed[0].batchId())).isEmpty();
			});
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("committed"));
			assertThat(Imports.rows).containsOnlyKeys(2L);
			assertThat(Imports.callbacks).containsExactly("committed");
			assertThat(template.findBatch(rolledBack[0])).isEmpty();
			assertThat(this.redis.cli("KEYS", "*" + rolledBack[0] + "*")).isNullOrEmpty();
		});
	}

	@Test
	void childrenAddedWhileTheBatchRunsCountBeforeItEnds() {
		this.runner.run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			String[] id = new String[1];
			BatchReceipt receipt = template.batch(callbacks("open").onSuccess(() -> imports.callback("all")), () -> {
				imports.importRow(1);
			});
			id[0] = receipt.batchId();
			// the batch may have ended already: an added child is refused then
			Optional<BatchInfo> info = template.findBatch(id[0]);
			assertThat(info).isPresent();
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("all"));
			assertThatThrownBy(() -> template.addToBatch(id[0], () -> imports.importRow(3)))
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining(id[0])
				.hasMessageContaining("succeeded");
			assertThatThrownBy(() -> template.addToBatch("nope", () -> imports.importRow(3)))
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("no such batch");
		});
	}

	@Test
	void childrenAddedByTheBodyAndByAChildCountBeforeTheBatchEnds() {
		this.runner.run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Imports.template = template;
			Imports.proxy = imports;
			BatchReceipt receipt = template.batch(callbacks("added").onSuccess(() -> imports.callback("added")), () -> {
				imports.importRow(1);
				template.addToBatch(template.currentBatchId().orElseThrow(), () -> imports.importRow(2));
				// adds rows 10 and 11 from its own body
				imports.importWithFollowUps(3);
			});
			assertThat(receipt.children()).isEqualTo(2);
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("added"));
			assertThat(Imports.rows).containsOnlyKeys(1L, 2L, 3L, 10L, 11L);
			BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
			assertThat(info.total()).isEqualTo(5);
			assertThat(info.completed()).isEqualTo(5);
			assertThat(template.currentBatchId()).isEmpty();
		});
	}

	@Test
	void aCancelledBatchSkipsItsChildrenNotStartedAndOwesNoCallback() {
		this.runner.withPropertyValues("async-task.queues.rows.concurrency=1").run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			template.pause("rows");
			BatchReceipt receipt = template.batch(callbacks("cancelled").onSuccess(() -> imports.callback("x"))
				.onComplete(() -> imports.callback("y")), () -> {
					for (long row = 1; row <= 10; row++) {
						imports.importRow(row);
					}
				});
			assertThat(template.cancelBatch(receipt.batchId())).isTrue();
			assertThat(template.cancelBatch(receipt.batchId())).isFalse();
			template.resume("rows");
			await().atMost(WAIT)
				.until(() -> template.findBatch(receipt.batchId()).map(BatchInfo::completed).orElse(0L) == 10);
			assertThat(Imports.runs()).isZero();
			assertThat(Imports.callbacks).isEmpty();
			assertThat(template.findBatch(receipt.batchId())).map(BatchInfo::state).contains(BatchState.CANCELLED);
			assertThat(context.getBean(MeterRegistry.class).counter("asynctask.batch.cancelled").count()).isEqualTo(1);
		});
	}

}
