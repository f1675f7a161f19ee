package io.github.asynctask.reliability;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.github.asynctask.TaskOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Scenario 8: two worker JVMs whose wall clocks are 90 s ahead and 90 s behind
 * (libfaketime preloaded) share bodies longer than the lease and delayed tasks. All
 * broker times are Redis {@code TIME} and local deadlines use {@code System.nanoTime}, so
 * no lease is stolen and no delayed task starts before it is due by Redis time. A
 * negative control (a producer computing an absolute run-at from a clock 90 s behind)
 * runs 60 s early, which proves the check can see an early start. Skipped when
 * libfaketime is not installed ({@code apt-get install faketime}).
 */
@Isolated // runs alone: its verdict depends on leases renewed in time
			// (junit-platform.properties)
class ClockSkewIntegrationTests {

	static final long SKEW_MILLIS = 90_000;

	static final Duration DELAY = Duration.ofSeconds(3);

	/** Slack for the skew estimate and the forwarder's batching, far below the skew. */
	static final long EARLY_TOLERANCE_MILLIS = 500;

	@Test
	void skewedWorkerClocksStealNoLeaseAndStartNoDelayedTaskEarly() {
		Path faketime = libfaketime();
		assumeThat(faketime).as("libfaketime (apt-get install faketime)").isNotNull();
		try (Rig rig = new Rig()) {
			WorkerJvm ahead = rig.startWorkers(1, (options) -> skewed(options, faketime, "+90s")).get(0);
			WorkerJvm behind = rig.startWorkers(1, (options) -> skewed(options, faketime, "-90s")).get(0);
			assertThat(ahead.clockSkewMillis()).as("worker clock ahead")
				.isBetween(SKEW_MILLIS - 5000, SKEW_MILLIS + 5000);
			assertThat(behind.clockSkewMillis()).as("worker clock behind")
				.isBetween(-SKEW_MILLIS - 5000, -SKEW_MILLIS + 5000);

			// run-at = the test's clock (Redis runs on this host: same clock) + delay
			Map<String, Long> dueAt = new HashMap<>();
			List<String> longer = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				longer.add(rig.producer.work(3000));
			}
			for (int i = 0; i < 20; i++) {
				long before = System.currentTimeMillis();
				String id = rig.producer
					.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults().delay(DELAY.plusMillis(100L * i)),
							() -> rig.producer.tasks.work("delayed", 50))
					.taskId();
				dueAt.put(id, before + DELAY.toMillis() + 100L * i);
			}
			// negative control: a producer whose clock is 90 s behind computes run-at
			// "in 60 s" as an absolute time; Redis sees it as due 30 s ago
			Clock skewedProducerClock = Clock.offset(Clock.systemUTC(), Duration.ofMillis(-SKEW_MILLIS));
			long controlDue = System.currentTimeMillis() + 60_000;
			String control = rig.producer
				.submit(LedgerChecker.Expect.SUCCESS,
						TaskOptions.defaults().at(Instant.now(skewedProducerClock).plusSeconds(60)),
						() -> rig.producer.tasks.work("control", 50))
				.taskId();
			dueAt.put(control, controlDue);
			rig.awaitDrained(Duration.ofSeconds(60));

			LedgerChecker.Verdict verdict = rig.verdict();
			Map<String, Long> earlyByMillis = new LinkedHashMap<>();
			for (WorkerJvm worker : rig.workers) {
				for (String[] start : LedgerChecker.records(worker, "START")) {
					Long due = dueAt.get(start[2]);
					long startedByRedisTime = Long.parseLong(start[1]) - worker.clockSkewMillis();
					if (due != null && startedByRedisTime < due - EARLY_TOLERANCE_MILLIS) {
						earlyByMillis.merge(start[2], due - startedByRedisTime, Math::max);
					}
				}
			}
			long staleAcks = rig.workers.stream()
				.flatMap((worker) -> LedgerChecker.records(worker, "ACK").stream())
				.filter((ack) -> !ack[5].equals("APPLIED"))
				.count();
			Set<String> early = new TreeSet<>(earlyByMillis.keySet());
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("skewMs",
					Map.of(ahead.name(), ahead.clockSkewMillis(), behind.name(), behind.clockSkewMillis()));
			figures.put("bodiesLongerThanLease", longer.size());
			figures.put("delayed", dueAt.size() - 1);
			figures.put("refusedAcks", staleAcks);
			figures.put("startedEarly", early.size());
			figures.put("controlEarlyByMs", earlyByMillis.getOrDefault(control, 0L));
			figures.put("runsPerWorker", Map.of(ahead.name(), LedgerChecker.records(ahead, "START").size(),
					behind.name(), LedgerChecker.records(behind, "START").size()));
			rig.report("8-clock-skew", verdict, figures);

			assertThat(early).as("only the negative control starts before it is due by Redis time")
				.containsExactly(control);
			assertThat(earlyByMillis.get(control)).isGreaterThan(50_000L);
			assertThat(staleAcks).as("acks refused because a lease was taken").isZero();
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.duplicated()).as("bodies run twice (a stolen lease)").isEmpty();
			assertThat(verdict.runs()).isEqualTo(verdict.tasks());
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(Stream.of(ahead, behind))
				.allMatch((worker) -> !LedgerChecker.records(worker, "START").isEmpty());
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

	static WorkerJvm.Options skewed(WorkerJvm.Options options, Path library, String offset) {
		options.environment.put("LD_PRELOAD", library.toString());
		options.environment.put("FAKETIME", offset);
		// The monotonic clock is shifted by the same constant, which no System.nanoTime
		// difference can see. (FAKETIME_DONT_FAKE_MONOTONIC=1 makes the JVM's own timed
		// waits spin at full CPU under libfaketime 0.9.10.)
		return options;
	}

	static Path libfaketime() {
		for (String candidate : List.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
				"/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/faketime/libfaketime.so.1",
				"/usr/local/lib/faketime/libfaketime.so.1")) {
			if (Files.isReadable(Path.of(candidate))) {
				return Path.of(candidate);
			}
		}
		return null;
	}

}
