package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import static io.github.asynctask.reliability.WorkerCrashIntegrationTests.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 6: a worker JVM frozen with SIGSTOP for three leases (a very long GC pause),
 * and Redis itself paused ({@code CLIENT PAUSE}) for longer than the lease. The frozen
 * worker's tasks are recovered and run elsewhere; its late renew and ack are refused by
 * the fencing token; no id is ever completed twice.
 */
@Isolated // runs alone: its verdict depends on leases renewed in time
			// (junit-platform.properties)
class FrozenWorkerIntegrationTests {

	static final long LEASE = 2000;

	@Test
	void aWorkerFrozenForThreeLeasesLosesItsTasksAndItsLateAckIsRefused() {
		try (Rig rig = new Rig()) {
			List<WorkerJvm> workers = rig.startWorkers(2);
			WorkerJvm frozen = workers.get(0);
			// few enough that the other worker is idle when the frozen one's leases end
			for (int i = 0; i < 8; i++) {
				rig.producer.work(3000);
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> running(frozen).size() >= 2);
			sleep(Duration.ofMillis(300));
			rig.freeze(frozen);
			long frozenAt = System.currentTimeMillis();
			Set<String> caught = running(frozen);
			sleep(Duration.ofMillis(3 * LEASE));
			frozen.thaw();
			rig.awaitDrained(Duration.ofSeconds(30));
			sleep(Duration.ofSeconds(1));
			LedgerChecker.Verdict verdict = rig.verdict();
			Set<String> appliedByFrozen = LedgerChecker.records(frozen, "ACK")
				.stream()
				.filter((ack) -> caught.contains(ack[2]) && Long.parseLong(ack[1]) > frozenAt
						&& ack[5].equals("APPLIED"))
				.map((ack) -> ack[2])
				.collect(Collectors.toSet());
			long refused = LedgerChecker.records(frozen, "ACK")
				.stream()
				.filter((ack) -> caught.contains(ack[2]) && !ack[5].equals("APPLIED"))
				.count();
			boolean renewRefused = frozen.readLog().contains("Lost the lease");
			List<String> problems = rig.invariants.problems();
			rig.report("6-sigstop-3x-lease", verdict,
					Map.of("frozenMs", 3 * LEASE, "recoveredMs", verdict.maxRecoveryMillis(), "leaseMs", LEASE,
							"caughtRunning", caught.size(), "lateAcksRefused", refused, "renewRefused", renewRefused,
							"redisProblems", problems.size()));
			assertThat(caught).isNotEmpty();
			assertThat(verdict.maxRecoveryMillis()).as("the frozen worker's tasks ran elsewhere during the freeze")
				.isLessThan(3 * LEASE);
			assertThat(appliedByFrozen).as("no late ack of the frozen worker was applied").isEmpty();
			assertThat(refused > 0 || renewRefused).as("the frozen worker was refused by token").isTrue();
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).as("an id completed twice, or a stray record").isEmpty();
			assertThat(verdict.duplicatesAllowed()).isTrue();
			assertThat(problems).isEmpty();
			assertThat(rig.invariants.queueKeys()).isEmpty();
		}
	}

	@Test
	void redisPausedForLongerThanTheLeaseLosesNothingAndCompletesEachIdOnce() {
		try (Rig rig = new Rig()) {
			List<WorkerJvm> workers = rig.startWorkers(2);
			for (int i = 0; i < 40; i++) {
				rig.producer.work(500);
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> rig.stats().active() >= 6);
			long now = System.currentTimeMillis();
			workers.forEach((worker) -> rig.faults.add(new LedgerChecker.Fault(worker.name(), now, "pause")));
			rig.redis.cli("CLIENT", "PAUSE", String.valueOf(LEASE + 1500), "ALL");
			rig.awaitDrained(Duration.ofSeconds(30));
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String> problems = rig.invariants.problems();
			rig.report("6-client-pause", verdict,
					Map.of("pauseMs", LEASE + 1500, "leaseMs", LEASE, "redisProblems", problems.size()));
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(verdict.duplicatesAllowed()).isTrue();
			assertThat(problems).isEmpty();
			assertThat(rig.invariants.queueKeys()).isEmpty();
		}
	}

	/** Ids whose body started on this worker and has not ended. */
	static Set<String> running(WorkerJvm worker) {
		Set<String> ended = LedgerChecker.records(worker, "END")
			.stream()
			.map((end) -> end[2] + " " + end[3])
			.collect(Collectors.toSet());
		return LedgerChecker.records(worker, "START")
			.stream()
			.filter((start) -> !ended.contains(start[2] + " " + start[4]))
			.map((start) -> start[2])
			.collect(Collectors.toSet());
	}

}
