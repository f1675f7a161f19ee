package io.github.asynctask.autoconfigure.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.ScheduleInfo;
import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.console.AsyncTaskConsoleAutoConfiguration;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.redis.store.RuntimeScheduleCall;
import io.github.asynctask.redis.store.RuntimeScheduleStore;
import io.github.asynctask.schedule.TickFiring;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Schedules made at run time in whole applications sharing one Redis: made, listed,
 * replaced, paused, resumed and removed through the template; fired once per tick by
 * three instances; still fired after every instance restarted; and held back, reported,
 * never deleted when the task method is gone or the arguments cannot be read. Run on a
 * standalone Redis and on a cluster with a sharded queue by the subclasses.
 */
@ExtendWith(OutputCaptureExtension.class)
abstract class RuntimeSchedulesScenarios {

	static final List<Run> runs = new CopyOnWriteArrayList<>();

	/** The connection to Redis and the queue's settings. */
	abstract String[] redisProperties();

	/** Each test its own keys, so a cluster need not be flushed. */
	private String prefix;

	@BeforeEach
	void clear() {
		runs.clear();
		this.prefix = "rt-" + UUID.randomUUID();
	}

	// built when used: the subclass's Redis arrives after this class's @BeforeEach
	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AsyncTaskAutoConfiguration.class,
					AsyncTaskConsoleAutoConfiguration.class, RuntimeScheduleAutoConfiguration.class))
			.withPropertyValues(redisProperties())
			.withPropertyValues("async-task.key-prefix=" + this.prefix, "async-task.lease=3s",
					"async-task.shutdown-timeout=1s")
			.withBean(TickHeader.class);
	}

	private ApplicationContextRunner app() {
		return runner().withBean(Reports.class);
	}

	@Test
	void aScheduleIsMadeListedReplacedPausedResumedAndRemoved() {
		app().run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Reports reports = context.getBean(Reports.class);
			assertThat(template.schedule("report:1", "every 1s", ZoneOffset.UTC, () -> reports.send(1, "pdf")))
				.isTrue();
			await().atMost(Duration.ofSeconds(20)).until(() -> ticksOf(1).size() >= 2);
			assertThat(runtime(template)).satisfies((info) -> {
				assertThat(info.name()).isEqualTo("report:1");
				assertThat(info.task()).isEqualTo("rt.report");
				assertThat(info.queue()).isEqualTo("reports");
				assertThat(info.expression()).isEqualTo("every 1s");
				assertThat(info.misfire()).isEqualTo("ONCE");
				assertThat(info.lastRunTaskId()).isNotNull();
				assertThat(info.nextTick()).isAfter(info.lastTick());
				assertThat(info.problem()).isNull();
				assertThat(info.paused()).isFalse();
			});
			// the console (and the endpoint, which reads the same overview) lists it
			assertThat(context.getBean(TaskOperations.class).overview().schedules())
				.anySatisfy((view) -> assertThat(view.runtime() && view.name().equals("report:1")).isTrue());

			assertThat(template.schedule("report:1", "every 1s", ZoneOffset.UTC, () -> reports.send(2, "csv")))
				.isFalse();
			await().atMost(Duration.ofSeconds(20)).until(() -> ticksOf(2).size() >= 2);
			Instant firstOfTwo = ticksOf(2).get(0);
			assertThat(ticksOf(1)).allSatisfy((tick) -> assertThat(tick).isBefore(firstOfTwo));
			assertThat(runs).filteredOn((run) -> run.customer() == 2)
				.allSatisfy((run) -> assertThat(run.format()).isEqualTo("csv"));

			assertThat(template.pauseSchedule("report:1")).isTrue();
			Instant pausedAt = Instant.now();
			assertThat(runtime(template).paused()).isTrue();
			// ticks keep passing (the state moves on) but none runs
			await().atMost(Duration.ofSeconds(20))
				.until(() -> runtime(template).lastTick().isAfter(pausedAt.plusSeconds(2)));
			assertThat(ticksOf(2)).allSatisfy((tick) -> assertThat(tick).isBefore(pausedAt.plusSeconds(1)));
			assertThat(template.resumeSchedule("report:1")).isTrue();
			Instant resumedAt = Instant.now();
			await().atMost(Duration.ofSeconds(20))
				.until(() -> ticksOf(2).stream().anyMatch((tick) -> tick.isAfter(resumedAt)));

			assertThat(template.unschedule("report:1")).isTrue();
			Instant removedAt = Instant.now();
			assertThat(template.unschedule("report:1")).isFalse();
			assertThat(template.schedules()).noneMatch(ScheduleInfo::runtime);
			await().during(Duration.ofSeconds(3))
				.atMost(Duration.ofSeconds(5))
				.until(() -> ticksOf(2).stream().noneMatch((tick) -> tick.isAfter(removedAt.plusSeconds(1))));
			assertThat(template.pauseSchedule("report:1")).isFalse();
		});
	}

	@Test
	void aCallThatIsNotOneTaskCallOrABadExpressionIsRefusedNamingTheId() {
		app().run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			Reports reports = context.getBean(Reports.class);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> template.schedule("none", "every 1s", ZoneOffset.UTC, () -> {
				}))
				.withMessageContaining("Run-time schedule 'none' was not stored")
				.withMessageContaining("but it made 0");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> template.schedule("two", "every 1s", ZoneOffset.UTC, () -> {
					reports.send(1, "a");
					reports.send(2, "b");
				}))
				.withMessageContaining("Run-time schedule 'two' was not stored")
				.withMessageContaining("but it made 2 [rt.report, rt.report]");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> template.schedule("fast", "every 100ms", ZoneOffset.UTC, () -> reports.send(1, "a")))
				.withMessageContaining("Run-time schedule 'fast' has every '100ms', below the shortest interval of 1s");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> template.schedule("cron", "0 0 25 * * *", ZoneOffset.UTC, () -> reports.send(1, "a")))
				.withMessageContaining(
						"Run-time schedule 'cron' has cron '0 0 25 * * *' that is not a cron expression");
			assertThat(template.schedules()).noneMatch(ScheduleInfo::runtime);
			assertThat(runs).isEmpty();
		});
	}

	@Test
	void threeInstancesFireAnEverySecondScheduleOncePerTick() {
		ApplicationContextRunner apps = app();
		apps.run((first) -> {
			Reports reports = first.getBean(Reports.class);
			first.getBean(AsyncTaskTemplate.class)
				.schedule("every-second", "every 1s", ZoneOffset.UTC, () -> reports.send(7, "pdf"));
			// made before the other two start: each looks at it from its first look on
			apps.run((second) -> apps.run((third) -> {
				// a window of eight ticks that starts once all three look
				Instant from = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
				Instant to = from.plusSeconds(8);
				await().atMost(Duration.ofSeconds(40))
					.until(() -> ticksOf(7).stream().anyMatch((tick) -> !tick.isBefore(to)));
				assertThat(ticksOf(7)).filteredOn((tick) -> !tick.isBefore(from) && tick.isBefore(to))
					.hasSizeBetween(7, 8);
				assertThat(perTick(7))
					.allSatisfy((tick, count) -> assertThat(count).as("runs of tick %s", tick).isOne());
			}));
		});
	}

	@Test
	void aScheduleKeepsFiringAfterEveryInstanceRestarted() {
		ApplicationContextRunner apps = app();
		apps.run((context) -> {
			Reports reports = context.getBean(Reports.class);
			context.getBean(AsyncTaskTemplate.class)
				.schedule("restart", "every 1s", ZoneOffset.UTC, () -> reports.send(8, "pdf"));
			await().atMost(Duration.ofSeconds(20)).until(() -> ticksOf(8).size() >= 2);
		});
		Instant stopped = Instant.now();
		apps.run((first) -> apps.run((second) -> await().atMost(Duration.ofSeconds(20))
			.until(() -> ticksOf(8).stream().filter((tick) -> tick.isAfter(stopped.plusSeconds(1))).count() >= 3)));
		assertThat(perTick(8)).allSatisfy((tick, count) -> assertThat(count).as("runs of tick %s", tick).isOne());
	}

	@Test
	void aScheduleWhoseTaskIsGoneOrWhoseArgumentsCannotBeReadIsReportedNotFiredAndKept(CapturedOutput output) {
		runner().withBean(Reports.class).withBean(Gone.class).run((context) -> {
			Gone gone = context.getBean(Gone.class);
			context.getBean(AsyncTaskTemplate.class).schedule("gone:1", "every 1s", ZoneOffset.UTC, () -> gone.run(1));
			await().atMost(Duration.ofSeconds(20)).until(() -> Gone.runs.get() >= 1);
		});
		Instant restarted = Instant.now();
		app().run((context) -> {
			AsyncTaskTemplate template = context.getBean(AsyncTaskTemplate.class);
			context.getBean(RuntimeScheduleStore.class)
				.put("reports", new RuntimeScheduleCall("bad-args", UUID.randomUUID().toString(), "rt.report",
						"every 1s", "Z", "once", true, "{ not the payload of rt.report"));
			await().atMost(Duration.ofSeconds(20))
				.until(() -> output.toString()
					.contains("Run-time schedule 'bad-args' of queue 'reports' is not fired"));
			await().atMost(Duration.ofSeconds(20))
				.until(() -> output.toString().contains("Run-time schedule 'gone:1' of queue 'reports' is not fired"));
			Map<String, ScheduleInfo> listed = template.schedules()
				.stream()
				.filter(ScheduleInfo::runtime)
				.collect(Collectors.toMap(ScheduleInfo::name, Function.identity()));
			assertThat(listed).containsOnlyKeys("gone:1", "bad-args");
			assertThat(listed.get("gone:1").problem()).contains("task 'rt.gone' is not registered in this application");
			assertThat(listed.get("gone:1").lastTick()).isBefore(restarted.plusSeconds(1));
			assertThat(listed.get("bad-args").problem()).contains("its arguments cannot be read");
			assertThat(context.getBean(TaskOperations.class).overview().schedules())
				.anySatisfy((view) -> assertThat(view.problem()).contains("cannot be read"));
			// held back, not looked at every tick: one WARN per schedule
			await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> true);
			assertThat(output.toString().split("Run-time schedule 'gone:1' of queue 'reports' is not fired", -1))
				.hasSize(2);
			assertThat(runs).isEmpty();
		});
	}

	private static ScheduleInfo runtime(AsyncTaskTemplate template) {
		return template.schedules().stream().filter(ScheduleInfo::runtime).findFirst().orElseThrow();
	}

	private static List<Instant> ticksOf(long customer) {
		return runs.stream()
			.filter((run) -> run.customer() == customer && run.tick() != null)
			.map(Run::tick)
			.sorted()
			.toList();
	}

	private static Map<Instant, Long> perTick(long customer) {
		return ticksOf(customer).stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
	}

	record Run(long customer, String format, @Nullable Instant tick) {
	}

	/** Hands the tick header of the running task to the body. */
	static class TickHeader implements TaskInterceptor {

		static final ThreadLocal<@Nullable Instant> current = new ThreadLocal<>();

		@Override
		public void around(io.github.asynctask.TaskExecution execution, Chain chain) throws Throwable {
			String tick = execution.header(TickFiring.TICK_HEADER);
			current.set((tick != null) ? Instant.parse(tick) : null);
			try {
				chain.proceed();
			}
			finally {
				current.remove();
			}
		}

	}

	static class Reports {

		@AsyncTask(name = "rt.report", queue = "reports")
		public void send(long customer, String format) {
			runs.add(new Run(customer, format, TickHeader.current.get()));
		}

	}

	static class Gone {

		static final java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();

		@AsyncTask(name = "rt.gone", queue = "reports")
		public void run(long customer) {
			runs.incrementAndGet();
		}

	}

}
