package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 1: three worker JVMs with four threads each; one of them is killed with
 * {@code kill -9} three times under load and restarted. Nothing may be lost; a body may
 * run twice only if the kill caught it between start and ack.
 */
class WorkerCrashIntegrationTests {

	static final int TASKS = 1500;

	@Test
	void killNineOfAWorkerThreeTimesLosesNothingAndDuplicatesOnlyWhatWasInFlight() throws Exception {
		try (Rig rig = new Rig()) {
			List<WorkerJvm> workers = rig.startWorkers(3);
			long baseline = rig.invariants.usedMemory();
			Thread producer = new Thread(() -> {
				for (int i = 0; i < TASKS; i++) {
					rig.producer.work(ThreadLocalRandom.current().nextLong(20, 300));
					if (i % 50 == 0) {
						sleep(Duration.ofMillis(700));
					}
				}
			}, "producer");
			producer.start();
			WorkerJvm victim = workers.get(0);
			for (int kill = 0; kill < 3; kill++) {
				sleep(Duration.ofSeconds(3));
				// bounded by the event, generous: the soak starts its cluster and JVMs beside it
				await().atMost(Duration.ofSeconds(45)).until(() -> rig.stats().active() >= 8);
				rig.kill(victim);
				sleep(Duration.ofMillis(500));
				victim.start();
			}
			producer.join();
			rig.awaitDrained(Duration.ofSeconds(60));
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String> problems = rig.invariants.problems();
			long memoryDelta = rig.invariants.usedMemory() - baseline;
			rig.report("1-kill-9-worker", verdict, Map.of("kills", 3, "workers", 3, "threadsPerWorker", 4,
					"redisProblems", problems.size(), "memoryDeltaBytes", memoryDelta));
			assertThat(verdict.tasks()).isEqualTo(TASKS);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(verdict.duplicatesAllowed())
				.as("duplicates %s outside in-flight %s", verdict.duplicated(), verdict.inFlightAtFault())
				.isTrue();
			assertThat(verdict.inFlightAtFault()).as("the kills caught bodies in flight").isNotEmpty();
			assertThat(verdict.maxRecoveryMillis()).as("orphans re-run within lease + recovery").isLessThan(15_000);
			assertThat(problems).isEmpty();
			assertThat(rig.invariants.queueKeys()).as("no data left for the queue").isEmpty();
			assertThat(memoryDelta).as("memory back near baseline").isLessThan(1_000_000);
		}
	}

	static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
