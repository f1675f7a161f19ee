package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Dead children of an ended batch, fixed and retried from the dead archive
 * ({@code template.retryDead}), move from dead to completed when they complete: the batch
 * turns SUCCEEDED and runs onSuccess once; onDeath and onComplete, already run, do not
 * run again, and the batch meters count the batch once.
 */
@ExtendWith(RedisExtension.class)
class BatchRetriedDeadIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private RedisServer redis;

	@BeforeEach
	void reset(RedisServer redis) {
		redis.flushAll();
		Imports.reset();
		this.redis = redis;
	}

	@Test
	void retriedDeadChildrenThatCompleteMakeTheBatchSucceedOnce() {
		BatchesIntegrationTests.runner(this.redis.host(), this.redis.port()).run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			BatchReceipt receipt = template.batch(BatchesIntegrationTests.allCallbacks("retried", imports), () -> {
				for (long row = 1; row <= 10; row++) {
					imports.importRow((row % 4 == 0) ? -row : row);
				}
			});
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("complete"));
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("death"));
			assertThat(template.findBatch(receipt.batchId()).orElseThrow().dead()).isEqualTo(2);

			Imports.fixed = true;
			List<String> dead = Arrays
				.asList(this.redis.cli("LRANGE", "asynctask:{b:" + receipt.batchId() + "}:d", "0", "-1").split("\\s+"));
			assertThat(dead).hasSize(4);
			assertThat(template.retryDead(dead.get(1))).isTrue();
			await().atMost(WAIT).until(() -> template.findBatch(receipt.batchId()).orElseThrow().dead() == 1);
			assertThat(template.findBatch(receipt.batchId()).orElseThrow().state()).isEqualTo(BatchState.COMPLETED);
			assertThat(template.retryDead(dead.get(3))).isTrue();
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("success"));
			await().during(Duration.ofSeconds(2)).atMost(WAIT).until(() -> Imports.callbacks.size() == 3);
			assertThat(Imports.callbacks).containsExactlyInAnyOrder("death", "complete", "success");
			BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
			assertThat(info.state()).isEqualTo(BatchState.SUCCEEDED);
			assertThat(info.completed()).isEqualTo(10);
			assertThat(info.dead()).isZero();
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.counter("asynctask.batch.completed").count()).isEqualTo(1);
			assertThat(meters.counter("asynctask.batch.succeeded").count()).isZero();
		});
	}

}
