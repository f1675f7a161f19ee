package io.github.asynctask.schedule;

import java.lang.reflect.Method;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.annotation.Misfire;
import io.github.asynctask.definition.AttributeResolver;
import io.github.asynctask.definition.Durations;
import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.scheduling.support.CronExpression;
import org.springframework.util.StringValueResolver;

/**
 * Reads the schedule of a task method ({@code cron}/{@code every} on the method, then the
 * overrides of {@code async-task.schedules.<name>}) and says what is wrong with it.
 */
final class ScheduleFactory {

	/** Shortest interval: ticks are fired by a script call each, per instance. */
	static final Duration MIN_EVERY = Duration.ofSeconds(1);

	private final Map<String, ScheduleOverride> overrides;

	// ${…} in cron, every and zone of the annotation (overrides come resolved already)
	private final AttributeResolver attributes;

	ScheduleFactory(Map<String, ScheduleOverride> overrides) {
		this(overrides, AttributeResolver.LITERAL);
	}

	ScheduleFactory(Map<String, ScheduleOverride> overrides, StringValueResolver resolver) {
		this(overrides, new AttributeResolver(resolver));
	}

	ScheduleFactory(Map<String, ScheduleOverride> overrides, AttributeResolver attributes) {
		this.overrides = Map.copyOf(overrides);
		this.attributes = attributes;
	}

	/**
	 * The schedule of a task, or {@code null} when it has none, is disabled here, or is
	 * invalid (then each problem goes to {@code problems}).
	 */
	@Nullable Schedule create(TaskDefinition definition, Consumer<String> problems) {
		AsyncTask onType = AnnotatedElementUtils.findMergedAnnotation(definition.method().getDeclaringClass(),
				AsyncTask.class);
		if (onType != null && (!onType.cron().isEmpty() || !onType.every().isEmpty())) {
			problems.accept(where(definition) + " is in a class whose @AsyncTask sets cron or every; a schedule "
					+ "belongs to one method: move cron/every to the method's @AsyncTask");
			return null;
		}
		AsyncTask annotation = AnnotatedElementUtils.findMergedAnnotation(definition.method(), AsyncTask.class);
		ScheduleOverride override = this.overrides.getOrDefault(definition.name(), ScheduleOverride.NONE);
		String where = where(definition);
		Counting counting = new Counting(problems);
		String cron = (annotation != null) ? annotation.cron() : "";
		String every = (annotation != null) ? annotation.every() : "";
		if (override.cron() != null) {
			cron = override.cron();
			every = (override.every() != null) ? override.every() : "";
		}
		else if (override.every() != null) {
			every = override.every();
			cron = "";
		}
		String zoneText = (override.zone() != null) ? override.zone() : (annotation != null) ? annotation.zone() : "";
		// resolved once chosen: a placeholder an override replaces need not resolve
		cron = resolved(where, "cron", cron, counting);
		every = resolved(where, "every", every, counting);
		zoneText = resolved(where, "zone", zoneText, counting);
		if (cron.isBlank() && every.isBlank()) {
			return null;
		}
		if (!cron.isBlank() && !every.isBlank()) {
			counting.accept(where + " has both cron '" + cron + "' and every '" + every
					+ "'; a schedule takes one of them: remove the other (annotation or async-task.schedules."
					+ definition.name() + ")");
		}
		ZoneId zone = zone(zoneText, where, counting);
		Ticks ticks = cron.isBlank() ? every(every, where, counting) : cron(cron, zone, where, counting);
		boolean tickParameter = tickParameter(definition.method(), where, counting);
		if (counting.count > 0 || ticks == null || zone == null) {
			return null;
		}
		if (Boolean.FALSE.equals(override.enabled())) {
			return null;
		}
		String expression = cron.isBlank() ? "every " + every.strip() : "cron " + cron.strip();
		return new Schedule(definition, expression, cron.isBlank() ? ZoneOffset.UTC : zone, ticks,
				(annotation != null) ? annotation.misfire() : Misfire.ONCE, annotation == null || annotation.overlap(),
				tickParameter);
	}

	private String resolved(String where, String attribute, String text, Consumer<String> problems) {
		String value = this.attributes.resolve(where, attribute, text, problems);
		return (value != null) ? value : "";
	}

	private static @Nullable ZoneId zone(String text, String where, Consumer<String> problems) {
		if (text.isBlank()) {
			return ZoneOffset.UTC;
		}
		try {
			return ZoneId.of(text.strip());
		}
		catch (DateTimeException ex) {
			problems.accept(where + " has zone '" + text + "' that is not a time zone (" + ex.getMessage()
					+ "); use a region id such as 'Europe/Berlin' or 'UTC'");
			return null;
		}
	}

	static @Nullable Ticks cron(String text, @Nullable ZoneId zone, String where, Consumer<String> problems) {
		try {
			CronExpression expression = CronExpression.parse(text.strip());
			return (zone != null) ? new Ticks.Cron(expression, zone) : null;
		}
		catch (IllegalArgumentException ex) {
			problems.accept(where + " has cron '" + text + "' that is not a cron expression (" + ex.getMessage()
					+ "); Spring's CronExpression takes six fields, e.g. '0 0 2 * * *' for 02:00 every day");
			return null;
		}
	}

	static @Nullable Ticks every(String text, String where, Consumer<String> problems) {
		Duration period;
		try {
			period = Durations.parse(text.strip());
		}
		catch (IllegalArgumentException ex) {
			problems.accept(where + " has every '" + text + "' that is not a duration; use e.g. '30s', '5m' or 'PT1H'");
			return null;
		}
		if (period.compareTo(MIN_EVERY) < 0) {
			problems
				.accept(where + " has every '" + text + "', below the shortest interval of 1s; " + "use at least '1s'");
			return null;
		}
		return new Ticks.Every(period.toMillis());
	}

	private static boolean tickParameter(Method method, String where, Consumer<String> problems) {
		Class<?>[] types = method.getParameterTypes();
		if (types.length == 0) {
			return false;
		}
		if (types.length == 1 && types[0] == Instant.class) {
			return true;
		}
		problems.accept(where + " is scheduled but takes parameters; a scheduled method takes none, "
				+ "or one java.time.Instant that receives the tick time");
		return false;
	}

	static String where(TaskDefinition definition) {
		Method method = definition.method();
		return "Bean '" + definition.beanName() + "' method " + method.getDeclaringClass().getSimpleName() + "."
				+ method.getName()
				+ Arrays.stream(method.getParameterTypes())
					.map(Class::getSimpleName)
					.collect(Collectors.joining(", ", "(", ")"));
	}

	/** Passes problems on and counts them. */
	private static final class Counting implements Consumer<String> {

		private final Consumer<String> target;

		private int count;

		Counting(Consumer<String> target) {
			this.target = target;
		}

		@Override
		public void accept(String problem) {
			this.count++;
			this.target.accept(problem);
		}

	}

}
