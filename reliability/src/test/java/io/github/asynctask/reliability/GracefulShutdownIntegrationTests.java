package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static io.github.asynctask.reliability.WorkerCrashIntegrationTests.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 2: SIGTERM to a worker JVM running bodies shorter and longer than its shutdown
 * timeout (3 s). Nothing new starts after the signal, short bodies finish once, long ones
 * are interrupted, handed back without counting an attempt and run elsewhere, and the JVM
 * exits in time.
 */
class GracefulShutdownIntegrationTests {

	@Test
	void sigtermFinishesShortBodiesRequeuesLongOnesAndStartsNothingNew() {
		try (Rig rig = new Rig()) {
			WorkerJvm first = rig.startWorkers(1, (options) -> options.with("concurrency", "8")).get(0);
			List<String> shortIds = new ArrayList<>();
			List<String> longIds = new ArrayList<>();
			for (int i = 0; i < 4; i++) {
				shortIds.add(rig.producer.work(1500));
				longIds.add(rig.producer.work(8000));
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> rig.stats().active() == 8);
			List<String> queued = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				queued.add(rig.producer.work(100));
			}
			sleep(Duration.ofMillis(300));
			long signalledAt = System.currentTimeMillis();
			first.terminate();
			boolean exited = first.awaitExit(Duration.ofSeconds(10));
			long exitMillis = System.currentTimeMillis() - signalledAt;
			assertThat(exited).as("JVM exits within shutdown timeout + margin").isTrue();
			WorkerJvm second = rig.startWorkers(1).get(0);
			rig.awaitDrained(Duration.ofSeconds(30));
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String> problems = rig.invariants.problems();
			rig.report("2-sigterm", verdict, Map.of("short", 4, "long", 4, "queued", 20, "exitMs", exitMillis,
					"shutdownTimeoutMs", 3000, "redisProblems", problems.size()));
			List<String[]> startsAfterSignal = LedgerChecker.records(first, "START")
				.stream()
				.filter((start) -> Long.parseLong(start[1]) > signalledAt)
				.toList();
			assertThat(startsAfterSignal).as("no body starts after SIGTERM").isEmpty();
			Set<String> completedOnFirst = acked(first, "complete");
			Set<String> requeuedByFirst = acked(first, "requeue");
			assertThat(completedOnFirst).containsExactlyInAnyOrderElementsOf(shortIds);
			assertThat(requeuedByFirst).containsExactlyInAnyOrderElementsOf(longIds);
			assertThat(acked(second, "complete")).containsAll(longIds).containsAll(queued);
			assertThat(LedgerChecker.records(second, "START")
				.stream()
				.filter((start) -> longIds.contains(start[2]))
				.map((start) -> start[3])).as("the requeued attempt is not counted").containsOnly("1");
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.duplicated()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(verdict.ok()).isEqualTo(28);
			assertThat(problems).isEmpty();
			assertThat(rig.invariants.queueKeys()).isEmpty();
		}
	}

	private static Set<String> acked(WorkerJvm worker, String action) {
		return LedgerChecker.records(worker, "ACK")
			.stream()
			.filter((ack) -> ack[4].equals(action) && ack[5].equals("APPLIED"))
			.map((ack) -> ack[2])
			.collect(Collectors.toSet());
	}

}
