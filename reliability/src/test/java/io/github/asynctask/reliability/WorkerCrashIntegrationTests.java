package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.RedisUnavailableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 1: three worker JVMs with four threads each; one of them is killed with
 * {@code kill -9} three times under load and restarted. Nothing may be lost; a body may
 * run twice only if the kill caught it between start and ack. The producer keeps a small
 * backlog until the third kill, so every kill finds the workers busy.
 */
class WorkerCrashIntegrationTests {

	static final int TASKS = 1500;

	static final int BACKLOG = 40;

	@Test
	void killNineOfAWorkerThreeTimesLosesNothingAndDuplicatesOnlyWhatWasInFlight() throws Exception {
		try (Rig rig = new Rig()) {
			List<WorkerJvm> workers = rig.startWorkers(3);
			long baseline = rig.invariants.usedMemory();
			AtomicBoolean killsDone = new AtomicBoolean();
			AtomicInteger submitted = new AtomicInteger();
			Thread producer = new Thread(() -> feed(rig, submitted, killsDone), "producer");
			producer.setDaemon(true);
			producer.start();
			WorkerJvm victim = workers.get(0);
			try {
				for (int kill = 0; kill < 3; kill++) {
					sleep(Duration.ofSeconds(3));
					// the producer keeps a backlog until the kills are done, so this
					// waits only for
					// the workers to take it (bounded generously: the soak starts beside
					// it)
					await().atMost(Duration.ofSeconds(45))
						.ignoreException(RedisUnavailableException.class)
						.until(() -> rig.stats().active() >= 8);
					rig.kill(victim);
					sleep(Duration.ofMillis(500));
					victim.start();
				}
			}
			finally {
				killsDone.set(true);
			}
			producer.join();
			rig.awaitDrained(Duration.ofSeconds(60));
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String> problems = rig.invariants.problems();
			long memoryDelta = rig.invariants.usedMemory() - baseline;
			rig.report("1-kill-9-worker", verdict, Map.of("kills", 3, "workers", 3, "threadsPerWorker", 4,
					"redisProblems", problems.size(), "memoryDeltaBytes", memoryDelta));
			assertThat(submitted.get()).isGreaterThanOrEqualTo(TASKS);
			assertThat(verdict.tasks()).isEqualTo(submitted.get());
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

	/**
	 * Submit at least {@link #TASKS} tasks of 20–300 ms, and go on until the kills are
	 * done, keeping at most {@link #BACKLOG} pending: the workers stay busy whenever a
	 * kill comes, however long a restarted JVM takes to start, and the queue never runs
	 * away from them.
	 */
	private static void feed(Rig rig, AtomicInteger submitted, AtomicBoolean killsDone) {
		while (submitted.get() < TASKS || !killsDone.get()) {
			if (submitted.get() % 10 == 0 && backlogFull(rig)) {
				sleep(Duration.ofMillis(100));
				continue;
			}
			rig.producer.work(ThreadLocalRandom.current().nextLong(20, 300));
			submitted.incrementAndGet();
		}
	}

	private static boolean backlogFull(Rig rig) {
		try {
			return rig.stats().pending() > BACKLOG;
		}
		catch (RedisUnavailableException ex) {
			return true; // a stats read timed out on a loaded machine: ask again after
							// the pause
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
