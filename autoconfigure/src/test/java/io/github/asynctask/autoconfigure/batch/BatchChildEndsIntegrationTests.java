package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;
import java.util.function.Function;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Children that end without their worker reporting them still count in their batch
 * (dead), so the batch ends and its callbacks run once: children cancelled before they
 * ran (on a plain queue and on a sharded one), a scheduled child deleted, and a child the
 * recoverer sends to dead after its lease was lost with no retry left (moved to completed
 * when that lost run completes after all).
 */
class BatchChildEndsIntegrationTests extends BatchRedisTestSupport {

	@Test
	void childrenCancelledOrDeletedBeforeTheyRanCountDeadAndTheBatchEnds() {
		runner().run((context) -> cancelledAndDeletedChildrenCountDead(context));
	}

	/** Shared with the cluster test: two children cancelled, one deleted, one run. */
	static void cancelledAndDeletedChildrenCountDead(ApplicationContext context) {
		Imports imports = context.getBean(Imports.class);
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		template.pause("rows");
		template.pause("audit");
		TaskReceipt[] children = new TaskReceipt[4];
		BatchReceipt receipt = template.batch(BatchesIntegrationTests.allCallbacks("ends", imports), () -> {
			children[0] = template.submit(TaskOptions.defaults(), () -> imports.importRow(1));
			children[1] = template.submit(TaskOptions.defaults(), () -> imports.audit(2));
			children[2] = template.submit(TaskOptions.defaults().delay(Duration.ofHours(1)),
					() -> imports.importRow(3));
			children[3] = template.submit(TaskOptions.defaults(), () -> imports.importRow(4));
		});
		assertThat(template.cancel(children[0].taskId())).isTrue();
		assertThat(template.cancel(children[1].taskId())).isTrue();
		assertThat(template.delete(children[2].taskId())).isTrue();
		template.resume("rows");
		template.resume("audit");
		await().atMost(WAIT).until(() -> Imports.callbacks.contains("complete"));
		await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 2);
		assertThat(Imports.callbacks).containsExactlyInAnyOrder("death", "complete");
		assertThat(Imports.rows).containsOnlyKeys(4L);
		BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
		assertThat(info.state()).isEqualTo(BatchState.COMPLETED);
		assertThat(info.dead()).isEqualTo(3);
		assertThat(info.completed()).isEqualTo(1);
		assertThat(info.pending()).isZero();
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		assertThat(meters.counter("asynctask.tasks.cancelled", "queue", "rows", "state", "not-started").count())
			.isEqualTo(1);
		assertThat(meters.counter("asynctask.tasks.cancelled", "queue", "audit", "state", "not-started").count())
			.isEqualTo(1);
		assertThat(meters.counter("asynctask.batch.owed.reported").count()).isGreaterThanOrEqualTo(3);
	}

	@Test
	void aChildTheRecovererSendsToDeadCountsDeadUntilItsLostRunCompletes() {
		runner().run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			TaskReceipt[] child = new TaskReceipt[1];
			BatchReceipt receipt = template.batch(BatchesIntegrationTests.allCallbacks("lost", imports),
					() -> child[0] = template.submit(TaskOptions.defaults(), () -> imports.stuck(7)));
			String id = child[0].taskId();
			Function<String, String> key = (part) -> "asynctask:{rows}:" + part;
			await().atMost(WAIT).until(() -> "1".equals(this.redis.cli("ZCARD", key.apply("active"))));
			// the worker loses its lease (another token) and the lease runs out: the
			// recoverer sends the task, with no retry left, to dead
			this.redis.cli("HSET", key.apply("lease"), id, "1");
			this.redis.cli("ZADD", key.apply("active"), "1", id);
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("complete"));
			BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
			assertThat(info.state()).isEqualTo(BatchState.COMPLETED);
			assertThat(info.dead()).isEqualTo(1);
			// the run that lost its lease completes after all: the batch moves the child
			// from dead to completed and, no child dead any more, runs onSuccess once
			Imports.stuck.countDown();
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("success"));
			await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 3);
			assertThat(Imports.callbacks).containsExactlyInAnyOrder("death", "complete", "success");
			assertThat(template.findBatch(receipt.batchId()).orElseThrow().completed()).isEqualTo(1);
			assertThat(template.findBatch(receipt.batchId()).orElseThrow().dead()).isZero();
		});
	}

}
