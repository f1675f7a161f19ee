package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskOptions;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 9: poison tasks among ordinary ones: a body that always throws, a body that
 * halts the JVM running it, and arguments that cannot be read. Each ends in dead with its
 * reason after its limit; the ordinary tasks keep flowing, and the stored error text
 * stays bounded.
 */
class PoisonIntegrationTests {

	/** Most characters of error text stored with a task (the worker's bound). */
	static final int MAX_ERROR_TEXT = 2048;

	@Test
	void poisonEndsInDeadAfterItsLimitWhileOtherTasksKeepFlowing() {
		try (Rig rig = new Rig(); Supervisor supervisor = startWorkers(rig)) {
			ReliabilityTasks tasks = rig.producer.tasks;
			String failing = rig.producer
				.submit(LedgerChecker.Expect.DEAD, TaskOptions.defaults(), () -> tasks.fail("always"))
				.taskId();
			String crashing = rig.producer
				.submit(LedgerChecker.Expect.DEAD, TaskOptions.defaults(), () -> tasks.crash("halt"))
				.taskId();
			// retries left, so that a JVM halted by the crashing task while it held this
			// one
			// does not send it to dead for that reason: unreadable goes to dead at once
			// anyway
			String unreadable = "unreadable-args";
			rig.broker.enqueue(EnqueueRequest.now(ReliabilityTasks.QUEUE, unreadable, ReliabilityTasks.ORDER,
					"{\"v\":1,\"args\":[{\"id\":\"o-1\",\"quantity\":\"many\"}]}", 3));
			rig.producer.expect(unreadable, LedgerChecker.Expect.DEAD);
			List<String> ordinary = new ArrayList<>();
			for (int i = 0; i < 300; i++) {
				ordinary.add(rig.producer.work(30));
				if (i % 30 == 0) {
					WorkerCrashIntegrationTests.sleep(Duration.ofMillis(500));
				}
			}
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> rig.stats().dead() == 3 && rig.stats().pending() + rig.stats().retry()
						+ rig.stats().active() + rig.stats().scheduled() == 0);
			supervisor.close();
			TaskInfo failed = find(rig, failing);
			TaskInfo crashed = find(rig, crashing);
			TaskInfo unread = find(rig, unreadable);
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String> problems = rig.invariants.problems();
			rig.report("9-poison", verdict,
					Map.of("ordinary", ordinary.size(), "jvmHalts", supervisor.restarts(), "failRuns",
							starts(rig, failing), "crashRuns", starts(rig, crashing), "unreadableRuns",
							starts(rig, unreadable), "storedErrorChars", failed.lastError().length(), "redisProblems",
							problems.size()));
			assertThat(failed.state()).isEqualTo(TaskState.DEAD);
			assertThat(failed.lastError()).contains("poison always");
			assertThat(failed.lastError().length()).as("stored error text is bounded")
				.isLessThanOrEqualTo(MAX_ERROR_TEXT);
			// deliveries are counted at fetch: one fetched by a JVM the crashing task
			// halted
			// used an attempt without running the body
			assertThat(failed.attempts()).as("1 + maxRetries deliveries").isEqualTo(3);
			assertThat(starts(rig, failing)).as("runs, at most one per delivery").isBetween(2L, 3L);
			assertThat(crashed.state()).isEqualTo(TaskState.DEAD);
			assertThat(crashed.lastError()).contains("lease expired").contains("no retries are left");
			assertThat(starts(rig, crashing)).as("deliveries counted at fetch end the crash loop").isEqualTo(2);
			assertThat(supervisor.restarts()).isEqualTo(2);
			assertThat(unread.state()).isEqualTo(TaskState.DEAD);
			assertThat(unread.lastError()).contains("Cannot read the arguments").contains("quantity");
			// the invoker quotes the codec, which quotes Jackson: the reason is said once
			assertThat(unread.lastError().split("Cannot deserialize", -1)).as(unread.lastError()).hasSize(2);
			assertThat(starts(rig, unreadable)).isZero();
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(verdict.duplicatesAllowed()).isTrue();
			assertThat(problems).isEmpty();
		}
	}

	static Supervisor startWorkers(Rig rig) {
		rig.startWorkers(2);
		return new Supervisor(rig);
	}

	static TaskInfo find(Rig rig, String id) {
		return rig.broker.find(ReliabilityTasks.QUEUE, id).orElseThrow(() -> new AssertionError("no task " + id));
	}

	static long starts(Rig rig, String id) {
		return rig.workers.stream()
			.flatMap((worker) -> LedgerChecker.records(worker, "START").stream())
			.filter((start) -> start[2].equals(id))
			.count();
	}

}
