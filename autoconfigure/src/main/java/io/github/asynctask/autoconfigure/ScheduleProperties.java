package io.github.asynctask.autoconfigure;

import java.util.Locale;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Settings shared by all periodic tasks, bound from {@code async-task.schedules.*}. The
 * same prefix holds the per-task overrides ({@code async-task.schedules.<name>.cron} and
 * so on, see {@link AsyncTaskProperties#getSchedules()}); a task cannot be named
 * {@code max-catch-up}.
 */
@ConfigurationProperties("async-task.schedules")
public class ScheduleProperties implements Validator {

	/**
	 * Most missed ticks a periodic task with misfire ALL runs after a pause (deploy,
	 * outage); older missed ticks are passed over.
	 */
	private int maxCatchUp = 100;

	public int getMaxCatchUp() {
		return this.maxCatchUp;
	}

	public void setMaxCatchUp(int maxCatchUp) {
		this.maxCatchUp = maxCatchUp;
	}

	/**
	 * Whether a key under {@code async-task.schedules} is this class's rather than a task
	 * name, in any of the forms Spring Boot binds (dashed, camel case, environment).
	 */
	static boolean isOwnKey(String key) {
		return key.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT).equals("maxcatchup");
	}

	@Override
	public boolean supports(Class<?> type) {
		return ScheduleProperties.class.isAssignableFrom(type);
	}

	@Override
	public void validate(Object target, Errors errors) {
		int maxCatchUp = ((ScheduleProperties) target).getMaxCatchUp();
		if (maxCatchUp < 1) {
			errors.rejectValue("maxCatchUp", "async-task.invalid",
					"async-task.schedules.max-catch-up must be at least 1 but was " + maxCatchUp
							+ "; to run no missed tick, set misfire = Misfire.SKIP on the task");
		}
	}

}
