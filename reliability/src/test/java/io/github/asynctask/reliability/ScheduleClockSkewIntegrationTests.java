package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.reliability.TickRecords.Tick;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 8b: two worker JVMs whose wall clocks are 90 s ahead and 90 s behind
 * (libfaketime preloaded) both have an {@code every = "1s"} task. Each tick of an 8 s
 * window runs once; then the JVM behind is killed and the one ahead fires the next 3
 * ticks alone. No tick's task is created or started before the tick by Redis time: the
 * tick script takes Redis {@code TIME} as now, and each scheduler learns its offset from
 * the replies. Skipped when libfaketime is not installed
 * ({@code apt-get install faketime}).
 */
@Isolated // runs alone: each tick must fire within a second (junit-platform.properties)
class ScheduleClockSkewIntegrationTests {

	static final long WINDOW_MILLIS = 8_000;

	/** Ticks the JVM ahead fires alone after the one behind is killed. */
	static final long ALONE_MILLIS = 3_000;

	@Test
	void skewedWorkerClocksRunEachTickOnceAndNoneBeforeItIsDueByRedisTime() {
		Path faketime = ClockSkewIntegrationTests.libfaketime();
		assumeThat(faketime).as("libfaketime (apt-get install faketime)").isNotNull();
		try (Rig rig = new Rig()) {
			AtomicInteger started = new AtomicInteger();
			List<WorkerJvm> workers = rig.startWorkers(2,
					(options) -> ClockSkewIntegrationTests.skewed(
							options.with("schedules", "true").with("completedRetention", "60000"), faketime,
							(started.getAndIncrement() == 0) ? "+90s" : "-90s"));
			long skew = ClockSkewIntegrationTests.SKEW_MILLIS;
			assertThat(workers).extracting(WorkerJvm::clockSkewMillis)
				.anySatisfy((ahead) -> assertThat(ahead).isBetween(skew - 5000, skew + 5000))
				.anySatisfy((behind) -> assertThat(behind).isBetween(-skew - 5000, -skew + 5000));

			// whole seconds by Redis time, from the second after next
			long from = (rig.redisNow() / 1000 + 2) * 1000;
			long to = from + WINDOW_MILLIS;
			await().atMost(Duration.ofSeconds(40))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> TickRecords.of(workers).stream().anyMatch((tick) -> tick.at() >= to));
			// leaderless: with the JVM behind gone, the one ahead (whose clock would
			// fire early) fires the next ticks alone
			WorkerJvm behind = (workers.get(0).clockSkewMillis() < 0) ? workers.get(0) : workers.get(1);
			WorkerJvm ahead = (behind == workers.get(0)) ? workers.get(1) : workers.get(0);
			rig.kill(behind);
			long alone = (rig.redisNow() / 1000 + 1) * 1000;
			long aloneTo = alone + ALONE_MILLIS;
			await().atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> TickRecords.of(List.of(ahead)).stream().anyMatch((tick) -> tick.at() >= aloneTo));
			ahead.terminate();
			assertThat(ahead.awaitExit(Duration.ofSeconds(20))).as("%s exited", ahead.name()).isTrue();

			List<Tick> ticks = TickRecords.of(workers);
			Map<Long, Set<String>> idsByTick = new TreeMap<>();
			Map<Long, Set<String>> aloneByTick = new TreeMap<>();
			Map<String, LedgerChecker.Expect> expected = new LinkedHashMap<>();
			List<String> early = TickRecords.early(rig, ticks);
			long aheadLocalLag = Long.MAX_VALUE;
			for (Tick tick : ticks) {
				expected.put(tick.id(), LedgerChecker.Expect.SUCCESS);
				if (tick.at() >= from && tick.at() < to) {
					idsByTick.computeIfAbsent(tick.at(), (at) -> new TreeSet<>()).add(tick.id());
				}
				if (tick.at() >= alone && tick.at() < aloneTo) {
					aloneByTick.computeIfAbsent(tick.at(), (at) -> new TreeSet<>()).add(tick.id());
				}
				if (tick.at() >= alone) {
					// by its own clock, the JVM ahead saw the tick due this long before
					aheadLocalLag = Math.min(aheadLocalLag, tick.localMillis() - tick.at());
				}
			}
			LedgerChecker.Verdict verdict = LedgerChecker.check(workers, expected, rig.faults);
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("skewMs", Map.of(workers.get(0).name(), workers.get(0).clockSkewMillis(), workers.get(1).name(),
					workers.get(1).clockSkewMillis()));
			figures.put("ticksInWindow", idsByTick.size());
			figures.put("ticksRunTwice", idsByTick.values().stream().filter((ids) -> ids.size() > 1).count());
			figures.put("ticksAfterKillOfBehind", aloneByTick.size());
			figures.put("aheadRuns", LedgerChecker.records(ahead, "TICK").size());
			figures.put("early", early.size());
			figures.put("aheadSawTicksDueBeforeRedisMs", aheadLocalLag);
			figures.put("runsPerWorker",
					Map.of(workers.get(0).name(), LedgerChecker.records(workers.get(0), "TICK").size(),
							workers.get(1).name(), LedgerChecker.records(workers.get(1), "TICK").size()));
			rig.report("8b-schedule-clock-skew", verdict, figures);

			assertThat(early).as("ticks whose task was created or started before the tick by Redis time").isEmpty();
			assertThat(idsByTick).as("tasks per tick").allSatisfy((tick, ids) -> assertThat(ids).hasSize(1));
			assertThat(aloneByTick).as("tasks per tick, the JVM ahead alone")
				.allSatisfy((tick, ids) -> assertThat(ids).hasSize(1))
				.hasSizeBetween((int) (ALONE_MILLIS / 1000) - 1, (int) (ALONE_MILLIS / 1000));
			// a tick passes without a run (misfire ONCE) only when both schedulers are
			// more than a second late, which a loaded machine may make happen once
			assertThat(idsByTick).as("ticks of the %d s window run", WINDOW_MILLIS / 1000)
				.hasSizeBetween((int) (WINDOW_MILLIS / 1000) - 1, (int) (WINDOW_MILLIS / 1000));
			// the control: the JVM ahead, firing alone, saw each tick due about 90 s
			// before Redis did; a scheduler trusting its clock would fire that early
			assertThat(aheadLocalLag).isGreaterThan(skew - 5000);
			assertThat(verdict.lost()).isEmpty();
			// a tick's task the kill caught mid-run may run again: allowed, one task
			assertThat(verdict.duplicatesAllowed()).isTrue();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

}
