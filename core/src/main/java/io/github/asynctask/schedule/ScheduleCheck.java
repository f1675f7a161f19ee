package io.github.asynctask.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskDefinitionCheck;

import org.springframework.util.StringValueResolver;

/**
 * Refuses start-up for an invalid schedule (cron, zone, interval, both cron and every, a
 * scheduled method with parameters), naming the bean and method.
 */
public final class ScheduleCheck implements TaskDefinitionCheck {

	private final ScheduleFactory factory;

	/**
	 * @param overrides the per-environment settings by schedule (task) name
	 */
	public ScheduleCheck(Map<String, ScheduleOverride> overrides) {
		this.factory = new ScheduleFactory(overrides);
	}

	/**
	 * @param overrides the per-environment settings by schedule (task) name
	 * @param resolver resolves {@code ${…}} in the annotation's cron, every and zone
	 */
	public ScheduleCheck(Map<String, ScheduleOverride> overrides, StringValueResolver resolver) {
		this.factory = new ScheduleFactory(overrides, resolver);
	}

	@Override
	public List<String> problems(TaskDefinition definition) {
		List<String> problems = new ArrayList<>();
		this.factory.create(definition, problems::add);
		return problems;
	}

}
