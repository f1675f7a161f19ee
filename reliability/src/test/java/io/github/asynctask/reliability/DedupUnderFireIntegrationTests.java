package io.github.asynctask.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskReceipt;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.reliability.WorkerCrashIntegrationTests.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 7, dedup under fire: one bizId submitted 1,000 times from two producer JVMs
 * with 32 threads each gives one task that runs once; the same with the holder killed
 * mid-run gives one task and still one successful run; and a dedup TTL shorter than the
 * run lets a second task with the same bizId in once the TTL is over (documented: the
 * bizId is remembered for {@code dedupTtl}, not for the task's life).
 */
class DedupUnderFireIntegrationTests {

	static final int SUBMITS = 1000;

	@Test
	void oneBizIdSubmittedAThousandTimesFromTwoJvmsWithThirtyTwoThreadsEachGivesOneTask() {
		try (Rig rig = new Rig()) {
			rig.startWorkers(1);
			Path go = rig.dir.resolve("go");
			List<WorkerJvm> submitters = new ArrayList<>();
			try {
				for (int i = 1; i <= 2; i++) {
					submitters.add(WorkerJvm.start("submitter-" + i, rig.dir,
							rig.options()
								.main(SubmitterMain.class)
								.with("go", go.toString())
								.with("submits", String.valueOf(SUBMITS / 2))
								.with("threads", "32")
								.with("bizId", "order-42")));
				}
				Files.createFile(go);
				for (WorkerJvm submitter : submitters) {
					assertThat(submitter.awaitExit(Duration.ofSeconds(60))).as(submitter.name() + " exited").isTrue();
					assertThat(submitter.readLog()).contains(SubmitterMain.DONE);
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			finally {
				submitters.forEach(WorkerJvm::close);
			}
			Map<String, Integer> answers = new TreeMap<>();
			Set<String> ids = new TreeSet<>();
			Map<String, Integer> perJvm = new TreeMap<>();
			for (WorkerJvm submitter : submitters) {
				for (String[] submit : LedgerChecker.records(submitter, "SUBMIT")) {
					answers.merge(submit[3], 1, Integer::sum);
					ids.add(submit[2]);
					perJvm.merge(submitter.name() + ":" + submit[3], 1, Integer::sum);
				}
			}
			ids.forEach((id) -> rig.producer.expect(id, LedgerChecker.Expect.SUCCESS));
			rig.awaitDrained(Duration.ofSeconds(30));
			LedgerChecker.Verdict verdict = rig.verdict();
			rig.report("7-dedup-under-fire-2-jvms", verdict, Map.of("submits", SUBMITS, "threads", 64, "producerJvms",
					2, "answers", answers, "answersPerJvm", perJvm, "distinctIds", ids.size()));
			assertThat(ids).as("every answer names the one task").hasSize(1);
			assertThat(answers).containsEntry("ENQUEUED", 1).containsEntry("DUPLICATE", SUBMITS - 1).hasSize(2);
			assertThat(verdict.tasks()).isEqualTo(1);
			assertThat(verdict.ok()).isEqualTo(1);
			assertThat(verdict.runs()).isEqualTo(1);
		}
	}

	@Test
	void holderKilledMidRunStillGivesOneTaskAndOneSuccessfulRun() {
		try (Rig rig = new Rig()) {
			rig.startWorkers(2);
			TaskOptions options = TaskOptions.defaults().bizId("order-7");
			TaskReceipt first = rig.producer.submit(LedgerChecker.Expect.SUCCESS, options,
					() -> rig.producer.tasks.work("w", 3000));
			WorkerJvm holder = await().atMost(Duration.ofSeconds(30))
				.until(() -> rig.workers.stream()
					.filter((worker) -> !LedgerChecker.records(worker, "START").isEmpty())
					.findFirst()
					.orElse(null), (worker) -> worker != null);
			sleep(Duration.ofMillis(500));
			rig.kill(holder);
			Map<String, Integer> answers = new TreeMap<>();
			for (int i = 0; i < 20; i++) {
				TaskReceipt again = rig.producer.submit(LedgerChecker.Expect.SUCCESS, options,
						() -> rig.producer.tasks.work("w", 3000));
				answers.merge(again.status().name(), 1, Integer::sum);
				assertThat(again.taskId()).isEqualTo(first.taskId());
				sleep(Duration.ofMillis(100));
			}
			rig.awaitDrained(Duration.ofSeconds(30));
			LedgerChecker.Verdict verdict = rig.verdict();
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("resubmitsAfterKill", answers);
			figures.put("redisProblems", rig.invariants.problems().size());
			rig.report("7b-dedup-holder-killed", verdict, figures);
			assertThat(answers).containsOnlyKeys("DUPLICATE");
			assertThat(verdict.tasks()).isEqualTo(1);
			assertThat(verdict.ok()).as("one successful run").isEqualTo(1);
			assertThat(verdict.runs()).as("the killed run and the one after it").isEqualTo(2);
			assertThat(verdict.inFlightAtFault()).containsExactly(first.taskId());
			assertThat(verdict.duplicated()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

	@Test
	void dedupTtlShorterThanTheRunLetsASecondTaskInOnceItExpires() {
		try (Rig rig = new Rig()) {
			rig.startWorkers(1);
			TaskReceipt first = rig.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
					() -> rig.producer.tasks.shortDedup("order-9", 3000));
			TaskReceipt within = rig.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
					() -> rig.producer.tasks.shortDedup("order-9", 3000));
			// the dedup TTL (1 s) ends while the first run (3 s) is still going
			sleep(Duration.ofMillis(1500));
			TaskReceipt after = rig.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
					() -> rig.producer.tasks.shortDedup("order-9", 3000));
			rig.awaitDrained(Duration.ofSeconds(30));
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String[]> starts = LedgerChecker.records(rig.workers.get(0), "START");
			List<String[]> ends = LedgerChecker.records(rig.workers.get(0), "END");
			// the second run started before the first one ended: the same bizId ran twice
			// at once
			long secondStart = starts.stream()
				.filter((start) -> start[2].equals(after.taskId()))
				.mapToLong((start) -> Long.parseLong(start[1]))
				.min()
				.orElseThrow();
			long firstEnd = ends.stream()
				.filter((end) -> end[2].equals(first.taskId()))
				.mapToLong((end) -> Long.parseLong(end[1]))
				.max()
				.orElseThrow();
			rig.report("7c-dedup-ttl-shorter-than-run", verdict, Map.of("withinTtl", within.status().name(), "afterTtl",
					after.status().name(), "sameBizIdRunsOverlappedMs", Math.max(0, firstEnd - secondStart)));
			assertThat(within.status()).isEqualTo(TaskReceipt.Status.DUPLICATE);
			assertThat(within.taskId()).isEqualTo(first.taskId());
			assertThat(after.status()).isEqualTo(TaskReceipt.Status.ENQUEUED);
			assertThat(after.taskId()).isNotEqualTo(first.taskId());
			assertThat(verdict.tasks()).isEqualTo(2);
			assertThat(verdict.ok()).isEqualTo(2);
			assertThat(secondStart).as("the second task of the same bizId starts while the first runs")
				.isLessThan(firstEnd);
		}
	}

}
