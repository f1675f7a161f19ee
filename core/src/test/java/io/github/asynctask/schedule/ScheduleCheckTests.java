package io.github.asynctask.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TestDefinitions;
import org.junit.jupiter.api.Test;

import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class ScheduleCheckTests {

	private final ScheduleCheck check = new ScheduleCheck(Map.of());

	@Test
	void acceptsACronInAZoneAnIntervalAndATickParameter() {
		assertThat(this.check.problems(definition("nightly"))).isEmpty();
		assertThat(this.check.problems(definition("often"))).isEmpty();
		assertThat(this.check.problems(definition("withTick"))).isEmpty();
		assertThat(this.check.problems(definition("notScheduled"))).isEmpty();
	}

	@Test
	void refusesAnInvalidCronNamingBeanAndMethod() {
		assertThat(this.check.problems(definition("badCron"))).singleElement()
			.asString()
			.contains("Bean 'testBean' method Jobs.badCron() has cron '0 0 25 * * *' that is not a cron expression")
			.contains("six fields");
	}

	@Test
	void refusesAnInvalidZone() {
		assertThat(this.check.problems(definition("badZone"))).singleElement()
			.asString()
			.contains("Bean 'testBean' method Jobs.badZone() has zone 'Mars/Olympus' that is not a time zone");
	}

	@Test
	void refusesCronAndEveryTogether() {
		assertThat(this.check.problems(definition("both"))).singleElement()
			.asString()
			.contains("Jobs.both() has both cron '0 * * * * *' and every '5m'");
	}

	@Test
	void refusesAnIntervalBelowOneSecond() {
		assertThat(this.check.problems(definition("tooOften"))).singleElement()
			.asString()
			.contains("Jobs.tooOften() has every '500ms', below the shortest interval of 1s");
	}

	@Test
	void refusesAScheduledMethodWithParameters() {
		assertThat(this.check.problems(definition("withArgument"))).singleElement()
			.asString()
			.contains("Jobs.withArgument(String) is scheduled but takes parameters");
	}

	@Test
	void refusesAScheduleOnTheClass() {
		assertThat(this.check.problems(TestDefinitions.of(new ScheduledClass(), "run"))).singleElement()
			.asString()
			.contains("ScheduledClass.run() is in a class whose @AsyncTask sets cron or every");
	}

	@Test
	void anOverrideReplacesTheExpressionAndIsCheckedToo() {
		ScheduleCheck overridden = new ScheduleCheck(
				Map.of("Jobs.often", new ScheduleOverride("not cron", null, null, null)));
		assertThat(overridden.problems(definition("often"))).singleElement()
			.asString()
			.contains("Jobs.often() has cron 'not cron' that is not a cron expression");
	}

	@Test
	void cronEveryAndZoneResolvePlaceholdersAndAnUnresolvableOneIsRefused() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("test", Map.of("jobs.cron", "0 0 3 * * *", "jobs.zone", "Europe/Paris")));
		ScheduleFactory factory = new ScheduleFactory(Map.of(), environment::resolveRequiredPlaceholders);
		Schedule resolved = factory.create(definition("fromProperties"), (problem) -> {
			throw new AssertionError(problem);
		});
		assertThat(resolved).isNotNull();
		assertThat(resolved.expression()).isEqualTo("cron 0 0 3 * * *");
		assertThat(resolved.zone()).isEqualTo(ZoneId.of("Europe/Paris"));
		assertThat(new ScheduleCheck(Map.of(), environment::resolveRequiredPlaceholders)
			.problems(definition("everyFromMissingProperty"))).singleElement()
			.asString()
			.contains("Jobs.everyFromMissingProperty() has every '${jobs.every}' that cannot be resolved");
	}

	@Test
	void aDisabledScheduleIsStillChecked() {
		ScheduleFactory factory = new ScheduleFactory(
				Map.of("Jobs.often", new ScheduleOverride(null, null, false, null)));
		assertThat(factory.create(definition("often"), (problem) -> {
			throw new AssertionError(problem);
		})).isNull();
	}

	@Test
	void intervalTicksAreAlignedToTheEpochAndCronTicksFollowTheZone() {
		Ticks every = new Ticks.Every(60_000);
		assertThat(every.next(0)).isEqualTo(60_000);
		assertThat(every.next(59_999)).isEqualTo(60_000);
		assertThat(every.next(60_000)).isEqualTo(120_000);
		Schedule nightly = new ScheduleFactory(Map.of()).create(definition("nightly"), (problem) -> {
		});
		assertThat(nightly).isNotNull();
		long next = nightly.ticks().next(Instant.parse("2026-03-28T12:00:00Z").toEpochMilli());
		// Berlin skips 02:00-03:00 on 29 March 2026: Spring's CronExpression has no tick
		// that day, the next is 02:00 summer time (UTC+2) on the 30th
		assertThat(Instant.ofEpochMilli(next)).isEqualTo(Instant.parse("2026-03-30T00:00:00Z"));
	}

	@Test
	void aCronTickInTheHourAutumnRepeatsHappensTwiceAsSpringComputes() {
		Ticks ticks = new Ticks.Cron(org.springframework.scheduling.support.CronExpression.parse("0 30 2 * * *"),
				java.time.ZoneId.of("Europe/Berlin"));
		long first = ticks.next(Instant.parse("2026-10-24T12:00:00Z").toEpochMilli());
		assertThat(Instant.ofEpochMilli(first)).isEqualTo(Instant.parse("2026-10-25T00:30:00Z"));
		// the hour repeats, and so does the tick: 02:30 CET is a second tick that night
		assertThat(Instant.ofEpochMilli(ticks.next(first))).isEqualTo(Instant.parse("2026-10-25T01:30:00Z"));
	}

	private static TaskDefinition definition(String method) {
		return TestDefinitions.of(new Jobs(), method);
	}

	@AsyncTask(every = "1m")
	static class ScheduledClass {

		public void run() {
		}

	}

	static class Jobs {

		@AsyncTask(cron = "0 0 2 * * *", zone = "Europe/Berlin")
		public void nightly() {
		}

		@AsyncTask(every = "5m")
		public void often() {
		}

		@AsyncTask(every = "1s")
		public void withTick(Instant tick) {
		}

		@AsyncTask
		public void notScheduled(String anything) {
		}

		@AsyncTask(cron = "0 0 25 * * *")
		public void badCron() {
		}

		@AsyncTask(cron = "0 0 2 * * *", zone = "Mars/Olympus")
		public void badZone() {
		}

		@AsyncTask(cron = "0 * * * * *", every = "5m")
		public void both() {
		}

		@AsyncTask(every = "500ms")
		public void tooOften() {
		}

		@AsyncTask(every = "1m")
		public void withArgument(String text) {
		}

		@AsyncTask(cron = "${jobs.cron}", zone = "${jobs.zone}")
		public void fromProperties() {
		}

		@AsyncTask(every = "${jobs.every}")
		public void everyFromMissingProperty() {
		}

	}

}
