package io.github.asynctask.reliability;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
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
 * Scenario 18: a run-time schedule ({@code template.schedule}, {@code every 1s}) made by
 * the producer and fired by three worker JVMs whose wall clocks are 90 s ahead, 90 s
 * behind (libfaketime) and right, for 20 s; after 10 s the JVM that fired the latest tick
 * is killed. Each tick's task is created at most once, none before its tick by Redis
 * time, and no tick is missed but by the misfire rule {@code ONCE} (ticks all instances
 * were more than a tick late for collapse into one). Skipped when libfaketime is not
 * installed ({@code apt-get install faketime}).
 */
@Isolated // runs alone: each tick must fire within a second (junit-platform.properties)
class RuntimeScheduleSkewIntegrationTests {

	private static final long WINDOW_MILLIS = 20_000;

	private static final long KILL_AFTER_MILLIS = 10_000;

	/** Ticks a loaded machine may miss (misfire ONCE), of the 20. */
	private static final int MISSED_ALLOWED = 2;

	@Test
	void threeSkewedInstancesFireEachTickOfARuntimeScheduleAtMostOnceThroughAKill() {
		Path faketime = ClockSkewIntegrationTests.libfaketime();
		assumeThat(faketime).as("libfaketime (apt-get install faketime)").isNotNull();
		try (Rig rig = new Rig(Map.of("runtimeSchedules", "true"))) {
			List<String> offsets = List.of("+90s", "-90s", "");
			AtomicInteger started = new AtomicInteger();
			List<WorkerJvm> workers = rig.startWorkers(3, (options) -> {
				String offset = offsets.get(started.getAndIncrement());
				WorkerJvm.Options scheduling = options.with("runtimeSchedules", "true")
					.with("completedRetention", "120000");
				return offset.isEmpty() ? scheduling : ClockSkewIntegrationTests.skewed(scheduling, faketime, offset);
			});
			long skew = ClockSkewIntegrationTests.SKEW_MILLIS;
			assertThat(workers).extracting(WorkerJvm::clockSkewMillis)
				.anySatisfy((ahead) -> assertThat(ahead).isBetween(skew - 5000, skew + 5000))
				.anySatisfy((behind) -> assertThat(behind).isBetween(-skew - 5000, -skew + 5000))
				.anySatisfy((right) -> assertThat(right).isBetween(-5000L, 5000L));

			RuntimeScheduleTasks tasks = rig.producer.context.getBean(RuntimeScheduleTasks.class);
			assertThat(rig.producer.template.schedule("rel:report", "every 1s", ZoneOffset.UTC,
					() -> tasks.report("customer-1")))
				.isTrue();
			// made on the producer, it is seen by the workers' next look (at most 30 s
			// while no run-time schedule existed); the window starts at the tick after
			// the
			// first one fired
			long first = await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> TickRecords.of(workers).stream().mapToLong(Tick::at).min().orElse(0), (at) -> at > 0);
			long from = first + 1000;
			long to = from + WINDOW_MILLIS;
			long killAt = from + KILL_AFTER_MILLIS;
			await().atMost(Duration.ofSeconds(40))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> TickRecords.of(workers).stream().anyMatch((tick) -> tick.at() >= killAt));
			WorkerJvm victim = TickRecords.of(workers)
				.stream()
				.max((x, y) -> Long.compare(x.at(), y.at()))
				.orElseThrow()
				.worker();
			rig.kill(victim);
			await().atMost(Duration.ofSeconds(40))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> TickRecords.of(workers).stream().anyMatch((tick) -> tick.at() >= to));
			assertThat(rig.producer.template.unschedule("rel:report")).isTrue();
			rig.awaitDrained(Duration.ofSeconds(20));

			List<Tick> ticks = TickRecords.of(workers);
			Map<Long, Set<String>> idsByTick = new TreeMap<>();
			Map<String, LedgerChecker.Expect> expected = new LinkedHashMap<>();
			Map<String, Integer> runsPerWorker = new TreeMap<>();
			for (Tick tick : ticks) {
				expected.put(tick.id(), LedgerChecker.Expect.SUCCESS);
				if (tick.at() >= from && tick.at() < to) {
					idsByTick.computeIfAbsent(tick.at(), (at) -> new TreeSet<>()).add(tick.id());
					runsPerWorker.merge(tick.worker().name(), 1, Integer::sum);
				}
			}
			List<String> early = TickRecords.early(rig, ticks);
			LedgerChecker.Verdict verdict = rig.verdict(expected);
			Map<String, Object> figures = new LinkedHashMap<>();
			Map<String, Long> skews = new TreeMap<>();
			workers.forEach((worker) -> skews.put(worker.name(), worker.clockSkewMillis()));
			figures.put("skewMs", skews);
			figures.put("killed", victim.name());
			figures.put("ticksInWindow", idsByTick.size() + "/" + WINDOW_MILLIS / 1000);
			figures.put("ticksRunTwice", idsByTick.values().stream().filter((ids) -> ids.size() > 1).count());
			figures.put("early", early.size());
			figures.put("runsPerWorker", runsPerWorker);
			rig.report("18-runtime-schedule-clock-skew", verdict, figures);

			assertThat(idsByTick).as("tasks per tick").allSatisfy((tick, ids) -> assertThat(ids).hasSize(1));
			assertThat(early).as("ticks whose task was created or started before the tick by Redis time").isEmpty();
			assertThat(idsByTick).as("ticks of the %d s window run", WINDOW_MILLIS / 1000)
				.hasSizeBetween((int) (WINDOW_MILLIS / 1000) - MISSED_ALLOWED, (int) (WINDOW_MILLIS / 1000));
			assertThat(runsPerWorker).as("leaderless: more than one instance fired ticks").hasSizeGreaterThan(1);
			assertThat(verdict.lost()).isEmpty();
			assertThat(verdict.duplicatesAllowed()).isTrue();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

}
