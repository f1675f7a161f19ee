package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Batches on a three-master Redis Cluster: children of a plain queue and of a queue with
 * four shards, each in its own slot, report to their batch's slot; the callbacks, on a
 * third queue, run once; children cancelled or deleted before they ran count dead.
 */
@ExtendWith(RedisClusterExtension.class)
class BatchesClusterIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(40);

	@BeforeEach
	void reset() {
		Imports.reset();
	}

	@Test
	void childrenOnEverySlotReportToTheirBatchAndEachCallbackRunsOnce(RedisCluster cluster) {
		BatchesIntegrationTests.runner("localhost", 0)
			.withPropertyValues("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()))
			.run((context) -> {
				Imports imports = context.getBean(Imports.class);
				AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
				BatchReceipt good = template.batch(BatchOptions.named("cluster-good")
					.onSuccess(() -> imports.callback("good-success"))
					.onComplete(() -> imports.callback("good-complete")), () -> {
						for (long row = 1; row <= 40; row++) {
							imports.importRow(row);
							imports.audit(1000 + row);
						}
					});
				BatchReceipt bad = template.batch(BatchOptions.named("cluster-bad")
					.onSuccess(() -> imports.callback("bad-success"))
					.onComplete(() -> imports.callback("bad-complete"))
					.onDeath(() -> imports.callback("bad-death")), () -> {
						for (long row = 1; row <= 10; row++) {
							imports.importRow(-row);
							imports.audit(2000 + row);
						}
					});
				await().atMost(WAIT)
					.until(() -> Imports.callbacks.contains("good-success")
							&& Imports.callbacks.contains("bad-complete"));
				await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 3);
				assertThat(Imports.callbacks).containsExactlyInAnyOrder("good-success", "bad-death", "bad-complete");
				BatchInfo goodInfo = template.findBatch(good.batchId()).orElseThrow();
				assertThat(goodInfo.state()).isEqualTo(BatchState.SUCCEEDED);
				assertThat(goodInfo.completed()).isEqualTo(80);
				BatchInfo badInfo = template.findBatch(bad.batchId()).orElseThrow();
				assertThat(badInfo.state()).isEqualTo(BatchState.COMPLETED);
				assertThat(badInfo.dead()).isEqualTo(10);
				assertThat(badInfo.completed()).isEqualTo(10);
			});
	}

	@Test
	void childrenCancelledOrDeletedBeforeTheyRanCountDeadOnTheCluster(RedisCluster cluster) {
		BatchesIntegrationTests.runner("localhost", 0)
			.withPropertyValues("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()))
			.run(BatchChildEndsIntegrationTests::cancelledAndDeletedChildrenCountDead);
	}

	@Test
	void aNestedBatchCountsAsOneChildOnTheCluster(RedisCluster cluster) {
		BatchesIntegrationTests.runner("localhost", 0)
			.withPropertyValues("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()))
			.run(NestedBatchesIntegrationTests::twoLevelsSucceed);
	}

}
