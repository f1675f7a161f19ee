package io.github.asynctask.schedule;

import java.time.Instant;
import java.time.ZoneId;

import io.github.asynctask.annotation.Misfire;
import io.github.asynctask.definition.TaskDefinition;

/**
 * One periodic task as it runs on this environment (annotation and overrides merged).
 *
 * @param definition the task each tick submits
 * @param expression what the schedule says, for listings ({@code cron 0 0 2 * * *},
 * {@code every 5m})
 * @param zone the zone of a cron (UTC for an interval)
 * @param ticks the tick times
 * @param misfire what to do with missed ticks
 * @param overlap whether a tick runs while the previous tick's task is unfinished
 * @param tickParameter whether the method takes the tick as its one {@link Instant}
 * parameter
 */
record Schedule(TaskDefinition definition, String expression, ZoneId zone, Ticks ticks, Misfire misfire,
		boolean overlap, boolean tickParameter) {

	String name() {
		return this.definition.name();
	}

	String queue() {
		return this.definition.queue();
	}

}
