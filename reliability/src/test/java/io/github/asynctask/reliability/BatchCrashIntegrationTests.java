package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.TaskOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 15: batches across crashes. Three worker JVMs halt (as {@code kill -9} would)
 * in a batch's bookkeeping ({@link HaltInBatchBookkeeping}), once each at four points
 * across all JVMs: a child's body ended but not reported, reported but not acked, a
 * report left callbacks owed but they were not enqueued, a callback enqueued but not
 * confirmed; a supervisor restarts them. The test also kills the JVM running the first
 * callback's body. Batch A (all children succeed) owes {@code onSuccess}; batch B (one
 * child dies) owes {@code onDeath} and {@code onComplete}. Every child is counted once
 * and runs until it succeeded; each callback is enqueued once (one task id) and its body
 * completes once: "exactly once" in docs/batches.md is one enqueue of the callback, whose
 * body then runs at least once, like any task (the killed one runs again elsewhere).
 */
class BatchCrashIntegrationTests {

	private static final int CHILDREN_A = 120;

	private static final int CHILDREN_B = 60;

	@Test
	void haltsInTheBookkeepingAndAKilledCallbackLeaveEveryChildCountedOnceAndEachCallbackEnqueuedOnce() {
		try (Rig rig = new Rig(Map.of("batches", "true"))) {
			rig.startWorkers(3, (options) -> options.with("batches", "true").with("batchHalts", "10"));
			BatchTasks tasks = rig.producer.context.getBean(BatchTasks.class);
			try (Supervisor supervisor = new Supervisor(rig)) {
				BatchReceipt a = rig.producer.template.batch(
						BatchOptions.named("A")
							.onSuccess(() -> tasks.callback("A", "success"))
							.onComplete(() -> tasks.callback("A", "complete"))
							.onDeath(() -> tasks.callback("A", "death")),
						() -> children(rig, tasks, "a", CHILDREN_A, -1));
				BatchReceipt b = rig.producer.template.batch(
						BatchOptions.named("B")
							.onSuccess(() -> tasks.callback("B", "success"))
							.onComplete(() -> tasks.callback("B", "complete"))
							.onDeath(() -> tasks.callback("B", "death")),
						() -> children(rig, tasks, "b", CHILDREN_B, CHILDREN_B / 2));

				// kill -9 the JVM running the first callback's body, while it runs
				String[] killed = await().atMost(Duration.ofSeconds(60))
					.pollInterval(Duration.ofMillis(20))
					.until(() -> runningCallback(rig), (found) -> found != null);
				WorkerJvm running = rig.workers.stream()
					.filter((worker) -> worker.name().equals(killed[0]))
					.findFirst()
					.orElseThrow();
				rig.kill(running);

				await().atMost(Duration.ofSeconds(120))
					.pollInterval(Duration.ofMillis(200))
					.until(() -> ended(rig, a) && ended(rig, b) && callbacksEnded(rig) == 3);
				rig.awaitDrained(Duration.ofSeconds(60));
				// a late second enqueue of a callback would show up as another run
				WorkerCrashIntegrationTests.sleep(Duration.ofSeconds(3));

				Map<String, Set<String>> callbackIds = new TreeMap<>();
				List<String> halts = new ArrayList<>();
				for (WorkerJvm worker : rig.workers) {
					for (String[] callback : LedgerChecker.records(worker, "CALLBACK")) {
						callbackIds.computeIfAbsent(callback[3] + "." + callback[4], (k) -> new TreeSet<>())
							.add(callback[2]);
						rig.producer.expect(callback[2], LedgerChecker.Expect.SUCCESS);
					}
					LedgerChecker.records(worker, "HALT").forEach((halt) -> halts.add(halt[2]));
				}
				LedgerChecker.Verdict verdict = rig.verdict();
				BatchInfo infoA = rig.producer.template.findBatch(a.batchId()).orElseThrow();
				BatchInfo infoB = rig.producer.template.findBatch(b.batchId()).orElseThrow();
				Map<String, Object> figures = new LinkedHashMap<>();
				figures.put("children", CHILDREN_A + CHILDREN_B);
				figures.put("halts", halts);
				figures.put("restarts", supervisor.restarts());
				figures.put("callbackTasks", callbackIds);
				figures.put("callbackKilledMidRun", killed[1]);
				figures.put("callbackRunsOfKilled", starts(rig, killed[1]));
				figures.put("batchA", List.of(infoA.state(), infoA.total(), infoA.completed(), infoA.dead()));
				figures.put("batchB", List.of(infoB.state(), infoB.total(), infoB.completed(), infoB.dead()));
				rig.report("15-batch-halts-in-bookkeeping", verdict, figures);

				assertThat(halts).as("a halt at every point of the bookkeeping")
					.containsExactlyInAnyOrderElementsOf(HaltInBatchBookkeeping.POINTS);
				assertThat(callbackIds).as("each owed callback enqueued once (one task id), no other")
					.containsOnlyKeys("A.success", "B.death", "B.complete")
					.allSatisfy((kind, ids) -> assertThat(ids).hasSize(1));
				assertThat(starts(rig, killed[1])).as("the killed callback ran again").isGreaterThanOrEqualTo(2);
				assertThat(infoA.state()).isEqualTo(BatchState.SUCCEEDED);
				assertThat(List.of(infoA.total(), infoA.completed(), infoA.dead(), infoA.active()))
					.as("A: every child counted once")
					.containsExactly((long) CHILDREN_A, (long) CHILDREN_A, 0L, 0L);
				assertThat(infoB.state()).isEqualTo(BatchState.COMPLETED);
				assertThat(List.of(infoB.total(), infoB.completed(), infoB.dead(), infoB.active()))
					.as("B: every child counted once")
					.containsExactly((long) CHILDREN_B, CHILDREN_B - 1L, 1L, 0L);
				assertThat(verdict.lost()).as("children or callbacks lost").isEmpty();
				assertThat(verdict.unexpected()).isEmpty();
				assertThat(verdict.duplicatesAllowed()).as("only bodies a halt or the kill caught ran twice").isTrue();
				assertThat(rig.invariants.problems()).isEmpty();
			}
		}
	}

	/** Submit the children of a batch from its body; the one at {@code doomed} dies. */
	private static void children(Rig rig, BatchTasks tasks, String prefix, int count, int doomed) {
		for (int i = 0; i < count; i++) {
			String key = prefix + i;
			if (i == doomed) {
				rig.producer.submit(LedgerChecker.Expect.DEAD, TaskOptions.defaults(), () -> tasks.doomed(key));
			}
			else {
				rig.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(), () -> tasks.child(key, 60));
			}
		}
	}

	/** {worker, task id} of a callback whose body started and has not ended, or null. */
	private static String[] runningCallback(Rig rig) {
		for (WorkerJvm worker : rig.workers) {
			for (String[] callback : LedgerChecker.records(worker, "CALLBACK")) {
				boolean ended = LedgerChecker.records(worker, "END")
					.stream()
					.anyMatch((end) -> end[2].equals(callback[2]));
				if (!ended && worker.isAlive()) {
					return new String[] { worker.name(), callback[2] };
				}
			}
		}
		return null;
	}

	private static boolean ended(Rig rig, BatchReceipt receipt) {
		return rig.producer.template.findBatch(receipt.batchId())
			.map((info) -> info.state() == BatchState.SUCCEEDED || info.state() == BatchState.COMPLETED)
			.orElse(false);
	}

	/** Callback task ids whose body ended OK. */
	private static long callbacksEnded(Rig rig) {
		Set<String> ids = new TreeSet<>();
		Set<String> ok = new TreeSet<>();
		for (WorkerJvm worker : rig.workers) {
			LedgerChecker.records(worker, "CALLBACK").forEach((callback) -> ids.add(callback[2]));
			LedgerChecker.records(worker, "END")
				.stream()
				.filter((end) -> end[4].equals("OK"))
				.forEach((end) -> ok.add(end[2]));
		}
		ids.retainAll(ok);
		return ids.size();
	}

	private static long starts(Rig rig, String id) {
		return rig.workers.stream()
			.flatMap((worker) -> LedgerChecker.records(worker, "START").stream())
			.filter((start) -> start[2].equals(id))
			.count();
	}

}
