package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.ScheduleInfo;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.annotation.Misfire;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.definition.InvalidTaskDefinitionException;
import io.github.asynctask.schedule.ScheduleListener;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Periodic tasks in whole applications on one real Redis: several application contexts
 * fire each tick once, {@code overlap = false} never runs two ticks at once, an invalid
 * schedule refuses start-up, and the template lists the schedules.
 */
@ExtendWith({ RedisExtension.class, OutputCaptureExtension.class })
class PeriodicTasksIntegrationTests {

	private ApplicationContextRunner runner;

	@BeforeEach
	void runner(RedisServer redis) {
		redis.flushAll();
		EverySecond.ticks.clear();
		Slow.runs.clear();
		CatchUp.ticks.clear();
		this.runner = WorkerContexts.on(redis)
			.withConfiguration(AutoConfigurations.of(AsyncTaskConsoleAutoConfiguration.class))
			.withPropertyValues("async-task.lease=3s", "async-task.shutdown-timeout=1s");
	}

	@Test
	void threeApplicationsRunAnEverySecondTaskOncePerTick() {
		ApplicationContextRunner apps = this.runner.withBean(EverySecond.class);
		apps.run((first) -> apps.run((second) -> apps.run((third) -> {
			// a window of ten ticks that starts once all three fire
			Instant from = Instant.now().plusSeconds(2).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
			Instant to = from.plusSeconds(10);
			await().atMost(Duration.ofSeconds(40))
				.until(() -> EverySecond.ticks.stream().anyMatch((tick) -> !tick.isBefore(to)));
			List<Instant> inWindow = EverySecond.ticks.stream()
				.filter((tick) -> !tick.isBefore(from) && tick.isBefore(to))
				.toList();
			assertThat(inWindow).hasSizeBetween(9, 11);
			Map<Instant, Long> perTick = EverySecond.ticks.stream()
				.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
			assertThat(perTick).allSatisfy((tick, runs) -> assertThat(runs).as("runs of tick %s", tick).isEqualTo(1));
			List<ScheduleInfo> schedules = first.getBean(AsyncTaskTemplate.class).schedules();
			assertThat(schedules).singleElement().satisfies((info) -> {
				assertThat(info.name()).isEqualTo("report.everySecond");
				assertThat(info.expression()).isEqualTo("every 1s");
				assertThat(info.lastTick()).isNotNull();
				assertThat(info.nextTick()).isAfter(info.lastTick());
			});
			// the endpoint and the console read the same list
			assertThat(first.getBean(TaskOperations.class).overview().schedules()).singleElement().satisfies((view) -> {
				assertThat(view.name()).isEqualTo("report.everySecond");
				assertThat(view.lastTick()).isNotNull();
				assertThat(view.lastRunTaskId()).isNotNull();
			});
		})));
	}

	@Test
	void anOperatorPausesAndResumesAScheduleForEveryInstance() {
		this.runner.withBean(EverySecond.class).run((context) -> {
			TaskOperations operations = context.getBean(TaskOperations.class);
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			await().atMost(Duration.ofSeconds(20)).until(() -> !EverySecond.ticks.isEmpty());
			assertThat(operations.pauseSchedule("report.everySecond", true).message()).contains("is paused");
			Instant pausedAt = Instant.now();
			assertThat(operations.overview().schedules()).singleElement()
				.satisfies((view) -> assertThat(view.paused()).isTrue());
			// ticks keep passing (the state moves on) but none runs
			await().atMost(Duration.ofSeconds(20))
				.until(() -> template.schedules().get(0).lastTick().isAfter(pausedAt.plusSeconds(2)));
			assertThat(EverySecond.ticks).allSatisfy((tick) -> assertThat(tick).isBefore(pausedAt.plusSeconds(1)));
			assertThat(template.resumeSchedule("report.everySecond")).isTrue();
			Instant resumedAt = Instant.now();
			await().atMost(Duration.ofSeconds(20))
				.until(() -> EverySecond.ticks.stream().anyMatch((tick) -> tick.isAfter(resumedAt)));
			assertThat(template.pauseSchedule("no.such.schedule")).isFalse();
			assertThatThrownBy(() -> operations.pauseSchedule("no.such.schedule", true))
				.hasMessageContaining("No enabled schedule 'no.such.schedule'");
		});
	}

	@Test
	void afterEveryInstanceStoppedForFiveTicksOnceRunsOneSkipNoneAndAllEach() {
		List<String> calls = new CopyOnWriteArrayList<>();
		ScheduleListener recorder = (schedule, outcome, count) -> calls
			.add(schedule + " " + outcome.tag() + " " + count);
		ApplicationContextRunner app = this.runner.withBean(CatchUp.class)
			.withBean(ScheduleListener.class, () -> recorder);
		app.run((context) -> await().atMost(Duration.ofSeconds(20))
			.until(() -> CatchUp.ticks.keySet().containsAll(List.of("once", "skip", "all"))));
		// every instance is gone: let at least five ticks pass
		Instant lastBefore = CatchUp.ticks.values()
			.stream()
			.flatMap(List::stream)
			.max(Instant::compareTo)
			.orElseThrow();
		Instant restart = lastBefore.plusMillis(5_500);
		await().atMost(Duration.ofSeconds(15)).until(() -> Instant.now().isAfter(restart));
		calls.clear();
		Map<String, List<Instant>> before = new java.util.HashMap<>();
		CatchUp.ticks.forEach((name, ticks) -> before.put(name, List.copyOf(ticks)));
		app.run((context) -> await().atMost(Duration.ofSeconds(20))
			.until(() -> calls.stream().filter((call) -> call.startsWith("catchup.skip ")).count() >= 2));
		// the first call after the restart handles the missed ticks, per misfire rule
		String once = first(calls, "catchup.once", 2);
		String skip = first(calls, "catchup.skip", 1);
		String all = first(calls, "catchup.all", 1);
		assertThat(once).startsWith("catchup.once fired 1, catchup.once missed ");
		assertThat(missed(once) + 1).as("ticks ONCE missed").isGreaterThanOrEqualTo(5);
		assertThat(skip).startsWith("catchup.skip missed ");
		assertThat(missed(skip)).as("ticks SKIP missed").isGreaterThanOrEqualTo(5);
		assertThat(all).startsWith("catchup.all fired ");
		int allMissed = missed(all);
		assertThat(allMissed).as("ticks ALL missed").isGreaterThanOrEqualTo(5);
		// ALL ran each missed tick, and with its own tick time
		Instant lastAll = before.get("all").get(before.get("all").size() - 1);
		for (int i = 1; i <= allMissed; i++) {
			assertThat(CatchUp.ticks.get("all")).contains(lastAll.plusSeconds(i));
		}
	}

	private static String first(List<String> calls, String schedule, int count) {
		return String.join(", ",
				calls.stream().filter((call) -> call.startsWith(schedule + " ")).limit(count).toList());
	}

	private static int missed(String calls) {
		return Integer.parseInt(calls.substring(calls.lastIndexOf(' ') + 1));
	}

	@Test
	void withoutOverlapASlowBodyNeverRunsTwiceAtOnce() {
		ApplicationContextRunner apps = this.runner.withBean(Slow.class);
		apps.run((first) -> apps.run((second) -> {
			await().atMost(Duration.ofSeconds(40))
				.until(() -> Slow.runs.stream().filter((run) -> run[1] > 0).count() >= 2);
			List<long[]> finished = new ArrayList<>(Slow.runs.stream().filter((run) -> run[1] > 0).toList());
			finished.sort((a, b) -> Long.compare(a[0], b[0]));
			for (int i = 1; i < finished.size(); i++) {
				assertThat(finished.get(i)[0]).as("start of run %d after the end of run %d", i, i - 1)
					.isGreaterThanOrEqualTo(finished.get(i - 1)[1]);
			}
		}));
	}

	@Test
	void anInvalidScheduleRefusesStartUpNamingBeanAndMethod() {
		this.runner.withBean("badSchedule", BadSchedule.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(InvalidTaskDefinitionException.class)
				.hasMessageContaining(
						"Bean 'badSchedule' method BadSchedule.run() has every '100ms', below the shortest interval of 1s");
		});
	}

	@Test
	void aPropertyOverridesTheScheduleAndItsErrorsRefuseStartUp() {
		this.runner.withBean(EverySecond.class)
			.withPropertyValues("async-task.schedules[report.everySecond].cron=0 0 3 * * *",
					"async-task.schedules[report.everySecond].zone=Europe/Berlin")
			.run((context) -> assertThat(context.getBean(AsyncTaskTemplate.class).schedules()).singleElement()
				.satisfies((info) -> {
					assertThat(info.expression()).isEqualTo("cron 0 0 3 * * *");
					assertThat(info.zone()).isEqualTo("Europe/Berlin");
				}));
		this.runner.withBean(EverySecond.class)
			.withPropertyValues("async-task.schedules[report.everySecond].enabled=false")
			.run((context) -> assertThat(context.getBean(AsyncTaskTemplate.class).schedules()).isEmpty());
		this.runner.withBean(EverySecond.class)
			.withPropertyValues("async-task.schedules[report.everySecond].zone=Nowhere/Land")
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining(
						"method EverySecond.tick(Instant) has zone 'Nowhere/Land' that is not a time zone"));
	}

	@Test
	void anOverrideNamingNoTaskIsReported(CapturedOutput output) {
		this.runner.withBean(EverySecond.class)
			.withPropertyValues("async-task.schedules.nightly.cron=0 0 3 * * *")
			.run((context) -> assertThat(output).contains("async-task.schedules.nightly names no task")
				.contains("async-task.schedules[Reports.nightly]"));
	}

	static class EverySecond {

		static final List<Instant> ticks = new CopyOnWriteArrayList<>();

		@AsyncTask(name = "report.everySecond", every = "1s")
		public void tick(Instant tick) {
			ticks.add(tick);
		}

	}

	static class CatchUp {

		static final Map<String, List<Instant>> ticks = new java.util.concurrent.ConcurrentHashMap<>();

		@AsyncTask(name = "catchup.once", every = "1s")
		public void once(Instant tick) {
			ticks.computeIfAbsent("once", (name) -> new CopyOnWriteArrayList<>()).add(tick);
		}

		@AsyncTask(name = "catchup.skip", every = "1s", misfire = Misfire.SKIP)
		public void skip(Instant tick) {
			ticks.computeIfAbsent("skip", (name) -> new CopyOnWriteArrayList<>()).add(tick);
		}

		@AsyncTask(name = "catchup.all", every = "1s", misfire = Misfire.ALL)
		public void all(Instant tick) {
			ticks.computeIfAbsent("all", (name) -> new CopyOnWriteArrayList<>()).add(tick);
		}

	}

	static class Slow {

		/** Start and end (ms) of each run; end 0 while it runs. */
		static final List<long[]> runs = new CopyOnWriteArrayList<>();

		@AsyncTask(every = "1s", overlap = false)
		public void run() throws InterruptedException {
			long[] run = { System.currentTimeMillis(), 0 };
			runs.add(run);
			Thread.sleep(3000);
			run[1] = System.currentTimeMillis();
		}

	}

	static class BadSchedule {

		@AsyncTask(every = "100ms")
		public void run() {
		}

	}

}
