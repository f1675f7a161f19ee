package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.reliability.WorkerCrashIntegrationTests.sleep;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario 12: every client connection killed every 200 ms for 20 s
 * ({@code CLIENT KILL TYPE normal}, and the pub/sub ones now and then) plus one
 * {@code SCRIPT FLUSH} in the middle. Submits re-sent with the same id create no second
 * task, a repeated ack is a no-op, the scripts reload, and every task runs once.
 */
class ConnectionChaosIntegrationTests {

	private static final String PROBE_QUEUE = "ack-probe";

	private static final Duration RETENTION = Duration.ofSeconds(10);

	static final Duration CHAOS = Duration.ofSeconds(20);

	@Test
	void killedConnectionsAndAScriptFlushLoseNothingAndCreateNoSecondTask() throws Exception {
		try (Rig rig = new Rig()) {
			// A submit whose reply a killed connection lost is re-sent with the same id;
			// it is a
			// no-op only while the task's data exists, so completed tasks are kept for a
			// while
			// (async-task.retention.completed), as an application relying on re-sends
			// would.
			rig.startWorkers(2, (options) -> options.with("completedRetention", Long.toString(RETENTION.toMillis())));
			AtomicBoolean chaos = new AtomicBoolean(true);
			AtomicInteger kills = new AtomicInteger();
			Thread killer = new Thread(() -> {
				long end = System.nanoTime() + CHAOS.toNanos();
				boolean flushed = false;
				while (System.nanoTime() < end) {
					sleep(Duration.ofMillis(200));
					rig.redis.cli("CLIENT", "KILL", "TYPE", "normal");
					if (kills.incrementAndGet() % 10 == 0) {
						rig.redis.cli("CLIENT", "KILL", "TYPE", "pubsub");
					}
					if (!flushed && System.nanoTime() > end - CHAOS.toNanos() / 2) {
						rig.redis.cli("SCRIPT", "FLUSH");
						flushed = true;
					}
				}
				chaos.set(false);
			}, "connection-killer");
			killer.start();
			Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
			int submitted = 0;
			while (chaos.get()) {
				rig.producer.workResent(20, outcomes);
				submitted++;
				sleep(Duration.ofMillis(15));
			}
			killer.join();
			rig.awaitDrained(Duration.ofSeconds(60));
			// A request re-sent with an id that exists changes nothing; a repeated ack of
			// a
			// finished delivery is a no-op. The probe uses a queue no worker serves, so
			// only
			// this test can take it.
			EnqueueRequest probe = EnqueueRequest.now(PROBE_QUEUE, "ack-twice", ReliabilityTasks.WORK,
					"{\"v\":1,\"args\":[\"w\",1]}", 0);
			rig.broker.enqueue(probe);
			EnqueueResult resent = rig.broker.enqueue(probe);
			List<Delivery> mine = rig.broker.dequeue(PROBE_QUEUE, 1, Duration.ofSeconds(30));
			AckResult first = mine.isEmpty() ? null : rig.broker.complete(mine.get(0), Duration.ZERO);
			AckResult second = mine.isEmpty() ? null : rig.broker.complete(mine.get(0), Duration.ZERO);
			// let the retention pass, then trim what the janitor would, so no key is left
			sleep(RETENTION.plusMillis(500));
			while (rig.broker.trim(ReliabilityTasks.QUEUE, Duration.ofDays(7), Integer.MAX_VALUE, 1000).dropped() > 0) {
				// keep trimming
			}
			LedgerChecker.Verdict verdict = rig.verdict();
			List<String> problems = rig.invariants.problems();
			Map<String, Integer> answers = new java.util.TreeMap<>();
			outcomes.forEach((k, v) -> answers.put(k, v.get()));
			rig.report("12-connection-chaos", verdict, Map.of("chaosSeconds", CHAOS.toSeconds(), "connectionKills",
					kills.get(), "submitAnswers", answers, "redisProblems", problems.size()));
			assertThat(verdict.tasks()).isEqualTo(submitted);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.unexpected()).as("no id completed twice").isEmpty();
			assertThat(verdict.duplicated()).as("no body ran twice").isEmpty();
			assertThat(resent.outcome()).isEqualTo(EnqueueResult.Outcome.ALREADY_EXISTS);
			assertThat(mine).hasSize(1);
			assertThat(first).isEqualTo(AckResult.APPLIED);
			assertThat(second).isNotEqualTo(AckResult.APPLIED);
			assertThat(problems).isEmpty();
			assertThat(rig.workers).allMatch(WorkerJvm::isAlive);
			assertThat(rig.invariants.queueKeys()).isEmpty();
		}
	}

}
