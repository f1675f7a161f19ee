package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import org.junit.jupiter.api.Test;

import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A batch started inside a batch's body, or inside a child's body, is one child of that
 * batch: the parent's counts move when it ends (succeeded: completed, else dead), and
 * every callback of both levels runs once.
 */
class NestedBatchesIntegrationTests extends BatchRedisTestSupport {

	@Test
	void aNestedBatchCountsAsOneChildAndEachCallbackRunsOnce() {
		runner().run(NestedBatchesIntegrationTests::twoLevelsSucceed);
	}

	@Test
	void aNestedBatchWithADeadChildCountsDeadInItsParent() {
		runner().run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			BatchReceipt outer = template.batch(BatchOptions.named("outer-bad")
				.onSuccess(() -> imports.callback("outer-success"))
				.onComplete(() -> imports.callback("outer-complete")), () -> {
					imports.importRow(1);
					template.batch(BatchOptions.named("inner-bad").onComplete(() -> imports.callback("inner-complete")),
							() -> imports.importRow(-2));
				});
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("outer-complete"));
			await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 2);
			assertThat(Imports.callbacks).containsExactlyInAnyOrder("inner-complete", "outer-complete");
			BatchInfo info = template.findBatch(outer.batchId()).orElseThrow();
			assertThat(info.state()).isEqualTo(BatchState.COMPLETED);
			assertThat(info.total()).isEqualTo(2);
			assertThat(info.completed()).isEqualTo(1);
			assertThat(info.dead()).isEqualTo(1);
		});
	}

	/**
	 * Shared with the cluster test: an outer batch of a row, a batch of two rows and a
	 * child that starts a batch of two rows from its body.
	 */
	static void twoLevelsSucceed(ApplicationContext context) {
		Imports imports = context.getBean(Imports.class);
		AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
		Imports.template = template;
		Imports.proxy = imports;
		BatchReceipt outer = template.batch(BatchOptions.named("outer")
			.onSuccess(() -> imports.callback("outer-success"))
			.onComplete(() -> imports.callback("outer-complete")), () -> {
				imports.importRow(1);
				template.batch(BatchOptions.named("inner").onSuccess(() -> imports.callback("inner-success")), () -> {
					imports.importRow(2);
					imports.importRow(3);
				});
				imports.nested(20);
			});
		assertThat(outer.children()).isEqualTo(3);
		await().atMost(WAIT).until(() -> Imports.callbacks.contains("outer-success"));
		await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 3);
		assertThat(Imports.callbacks).containsExactlyInAnyOrder("inner-success", "child-inner", "outer-success");
		assertThat(Imports.rows).containsOnlyKeys(1L, 2L, 3L, 20L, 21L);
		BatchInfo info = template.findBatch(outer.batchId()).orElseThrow();
		assertThat(info.state()).isEqualTo(BatchState.SUCCEEDED);
		// row 1, the inner batch, the nested child, and the batch that child started
		assertThat(info.total()).isEqualTo(4);
		assertThat(info.completed()).isEqualTo(4);
	}

}
