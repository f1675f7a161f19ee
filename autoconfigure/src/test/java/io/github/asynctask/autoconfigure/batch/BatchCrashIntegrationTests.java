package io.github.asynctask.autoconfigure.batch;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.redis.store.BatchStore;
import io.github.asynctask.redis.RedisKeys;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Crashes between a child's completion and its batch's bookkeeping: every report is
 * re-sent (counted once), the worker fails right after the report that ended the batch
 * (before the callback is enqueued) and again after the callback was enqueued (before it
 * was confirmed). Each callback still runs exactly once and every count is right.
 */
class BatchCrashIntegrationTests extends BatchRedisTestSupport {

	@Test
	void callbacksRunOnceWhenTheWorkerFailsBetweenTheReportTheEnqueueAndTheConfirmation() {
		runner().withBean(CrashingStore.class).run((context) -> {
			Imports imports = context.getBean(Imports.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			CrashingStore store = context.getBean(CrashingStore.class);
			// children end after the seal: their reports, not the seal, owe the
			// callbacks
			template.pause("rows");
			template.pause("audit");
			BatchReceipt receipt = template.batch(BatchOptions.named("crash")
				.onComplete(() -> imports.callback("complete"))
				.onDeath(() -> imports.callback("death")), () -> {
					for (long row = 1; row <= 30; row++) {
						imports.importRow((row == 13) ? -row : row);
						imports.audit(100 + row);
					}
				});
			template.resume("rows");
			template.resume("audit");
			await().atMost(WAIT).until(() -> Imports.callbacks.contains("complete"));
			await().during(Duration.ofSeconds(3)).atMost(WAIT).until(() -> Imports.callbacks.size() == 2);
			assertThat(Imports.callbacks).containsExactlyInAnyOrder("death", "complete");
			assertThat(store.crashesAfterReport.get()).isGreaterThanOrEqualTo(1);
			assertThat(store.crashedBeforeConfirm.get()).isTrue();
			BatchInfo info = template.findBatch(receipt.batchId()).orElseThrow();
			assertThat(info.state()).isEqualTo(BatchState.COMPLETED);
			assertThat(info.total()).isEqualTo(60);
			assertThat(info.completed()).isEqualTo(59);
			assertThat(info.dead()).isEqualTo(1);
			assertThat(info.active()).isZero();
		});
	}

	/**
	 * Re-sends every report, fails once right after each report that left a callback owed
	 * (before its enqueue), and fails once after a callback was enqueued (before the
	 * confirmation).
	 */
	static final class CrashingStore extends BatchStore {

		final AtomicInteger crashesAfterReport = new AtomicInteger();

		final AtomicBoolean crashedBeforeConfirm = new AtomicBoolean();

		private final AtomicBoolean crashNextOwing = new AtomicBoolean(true);

		CrashingStore(RedisConnectionFactory connectionFactory, RedisKeys keys) {
			super(connectionFactory, keys, Duration.ofSeconds(5));
		}

		@Override
		public Owed report(String batchId, long index, boolean dead, @Nullable String value, String queue,
				String taskId) {
			Owed owed = super.report(batchId, index, dead, value, queue, taskId);
			Owed again = super.report(batchId, index, dead, value, queue, taskId);
			assertThat(again.endedNow()).isEmpty();
			if (!owed.callbacks().isEmpty() && this.crashNextOwing.getAndSet(false)) {
				this.crashesAfterReport.incrementAndGet();
				throw new IllegalStateException("crashed after the report, before the callback's enqueue");
			}
			this.crashNextOwing.set(true);
			return owed;
		}

		@Override
		public void fired(String batchId, List<String> kinds) {
			// a worker's confirmation (a dead child may end before the seal, which owes
			// onDeath)
			if (Thread.currentThread().getName().startsWith("asynctask")
					&& this.crashedBeforeConfirm.compareAndSet(false, true)) {
				throw new IllegalStateException("crashed after the callback's enqueue, before its confirmation");
			}
			super.fired(batchId, kinds);
		}

	}

}
