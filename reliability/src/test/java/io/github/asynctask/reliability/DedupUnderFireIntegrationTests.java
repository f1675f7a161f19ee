package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario 7: two producer applications (each its own context and connections) with 32
 * threads each submit the same bizId 1,000 times at once while a worker runs: exactly one
 * task is created and its body runs once; every other submit is answered
 * {@code DUPLICATE}.
 */
class DedupUnderFireIntegrationTests {

	static final int SUBMITS = 1000;

	@Test
	void oneBizIdSubmittedAThousandTimesFromSixtyFourThreadsGivesOneTask() throws Exception {
		try (Rig rig = new Rig();
				Producer second = new Producer(
						Map.of("redis", rig.redis.host() + ":" + rig.redis.port(), "prefix", Rig.PREFIX),
						rig.dir.resolve("producer-2.ledger"))) {
			rig.startWorkers(1);
			Map<TaskReceipt.Status, AtomicInteger> answers = new ConcurrentHashMap<>();
			Set<String> ids = ConcurrentHashMap.newKeySet();
			AtomicInteger remaining = new AtomicInteger(SUBMITS);
			CountDownLatch go = new CountDownLatch(1);
			List<Thread> threads = new ArrayList<>();
			for (Producer producer : List.of(rig.producer, second)) {
				for (int t = 0; t < 32; t++) {
					Thread thread = new Thread(() -> {
						await(go);
						while (remaining.decrementAndGet() >= 0) {
							TaskReceipt receipt = producer.submit(LedgerChecker.Expect.SUCCESS,
									TaskOptions.defaults().bizId("order-42"), () -> producer.tasks.work("w", 200));
							answers.computeIfAbsent(receipt.status(), (k) -> new AtomicInteger()).incrementAndGet();
							ids.add(receipt.taskId());
						}
					});
					threads.add(thread);
					thread.start();
				}
			}
			go.countDown();
			for (Thread thread : threads) {
				thread.join();
			}
			rig.awaitDrained(Duration.ofSeconds(30));
			Map<String, LedgerChecker.Expect> expected = new java.util.HashMap<>(rig.producer.expected());
			expected.putAll(second.expected());
			LedgerChecker.Verdict verdict = LedgerChecker.check(rig.workers, expected, rig.faults);
			Map<String, Integer> counts = new java.util.TreeMap<>();
			answers.forEach((status, count) -> counts.put(status.name(), count.get()));
			rig.report("7-dedup-under-fire", verdict, Map.of("submits", SUBMITS, "threads", 64, "producers", 2,
					"answers", counts, "distinctIds", ids.size()));
			assertThat(ids).as("every answer names the one task").hasSize(1);
			assertThat(answers.get(TaskReceipt.Status.ENQUEUED)).hasValue(1);
			assertThat(answers.get(TaskReceipt.Status.DUPLICATE)).hasValue(SUBMITS - 1);
			assertThat(verdict.tasks()).isEqualTo(1);
			assertThat(verdict.ok()).isEqualTo(1);
			assertThat(verdict.runs()).isEqualTo(1);
		}
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
