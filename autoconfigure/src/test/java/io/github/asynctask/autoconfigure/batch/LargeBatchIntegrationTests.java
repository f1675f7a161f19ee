package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A batch of 100,000 children (-Dbatch.children to change) costs Redis O(1) work per
 * child: no batch script of the whole run, submit and drain, is in the slow log at 10 ms,
 * and the batch's keys stay small (counters and bitmaps, nothing listed per child).
 */
@ExtendWith(RedisExtension.class)
class LargeBatchIntegrationTests {

	private static final int CHILDREN = Integer.getInteger("batch.children", 100_000);

	@Test
	void aHundredThousandChildrenEndInOneCallbackWithNoSlowRedisCall(RedisServer redis) {
		redis.flushAll();
		Imports.reset();
		BatchesIntegrationTests.runner(redis.host(), redis.port())
			.withPropertyValues("async-task.queues.rows.concurrency=32", "async-task.lease=30s")
			.run((context) -> {
				Imports imports = context.getBean(Imports.class);
				AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
				redis.cli("CONFIG", "SET", "slowlog-log-slower-than", "10000");
				redis.cli("SLOWLOG", "RESET");
				long started = System.nanoTime();
				BatchReceipt[] receipt = new BatchReceipt[1];
				// after the commit the children go to Redis in one pipelined call
				new TransactionTemplate(new SynchronizationOnlyTransactions())
					.executeWithoutResult((status) -> receipt[0] = template
						.batch(BatchOptions.named("large").onSuccess(() -> imports.callback("large")), () -> {
							for (long row = 0; row < CHILDREN; row++) {
								imports.importRow(row);
							}
						}));
				long submitted = System.nanoTime();
				await().atMost(Duration.ofMinutes(10))
					.pollInterval(Duration.ofSeconds(1))
					.until(() -> Imports.callbacks.contains("large"));
				long drained = System.nanoTime();
				BatchInfo info = template.findBatch(receipt[0].batchId()).orElseThrow();
				assertThat(info.state()).isEqualTo(BatchState.SUCCEEDED);
				assertThat(info.completed()).isEqualTo(CHILDREN);
				assertThat(Imports.callbacks).containsExactly("large");
				// every batch script is O(1); on a machine shared with other builds a
				// plain
				// ack may still show up now and then: those are reported, not failed on
				String slow = redis.cli("SLOWLOG", "GET", "1000");
				assertThat(slow).as("batch scripts in the slow log: %s", slow).doesNotContain(":{b:");
				String reported = redis.cli("MEMORY", "USAGE", "asynctask:{b:" + receipt[0].batchId() + "}:r");
				System.out.printf(
						"Batch of %d children: submitted in %d ms, drained in %d ms; reported-bits key " + "%s bytes%n",
						CHILDREN, (submitted - started) / 1_000_000, (drained - submitted) / 1_000_000, reported);
				assertThat(Long.parseLong(reported.trim())).isLessThan(CHILDREN / 2);
			});
	}

}
