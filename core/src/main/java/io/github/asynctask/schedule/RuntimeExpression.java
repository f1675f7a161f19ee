package io.github.asynctask.schedule;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The expression of a run-time schedule: {@code cron <six fields>},
 * {@code every <duration>}, or either without its word (a text with spaces is a cron, one
 * without a duration). Parsed by the rules of annotated schedules
 * ({@link ScheduleFactory}).
 *
 * @param text as stored and listed: {@code cron 0 0 9 * * *} or {@code every 30s}
 * @param zone the zone of a cron (UTC for an interval)
 * @param ticks the tick times
 */
record RuntimeExpression(String text, ZoneId zone, Ticks ticks) {

	private static final String CRON = "cron ";

	private static final String EVERY = "every ";

	/**
	 * Read an expression.
	 * @param where names the schedule in problems, e.g. {@code Run-time schedule 'r-42'}
	 * @throws IllegalArgumentException saying what is wrong and how to write it
	 */
	static RuntimeExpression parse(String cronOrEvery, ZoneId zone, String where) {
		List<String> problems = new ArrayList<>(1);
		RuntimeExpression expression = read(cronOrEvery, zone, where, problems);
		if (expression == null) {
			throw new IllegalArgumentException(String.join("; ", problems) + (problems.isEmpty()
					? where + " has an empty expression; use e.g. 'cron 0 0 9 * * *' or 'every 1h'" : ""));
		}
		return expression;
	}

	/** Read a stored expression; {@code null} with the problems when it is not valid. */
	static @Nullable RuntimeExpression read(String cronOrEvery, ZoneId zone, String where, List<String> problems) {
		String text = cronOrEvery.strip();
		if (text.isEmpty()) {
			return null;
		}
		boolean cron = text.startsWith(CRON) || (!text.startsWith(EVERY) && text.contains(" "));
		String body = text.startsWith(CRON) ? text.substring(CRON.length())
				: text.startsWith(EVERY) ? text.substring(EVERY.length()) : text;
		Ticks ticks = cron ? ScheduleFactory.cron(body, zone, where, problems::add)
				: ScheduleFactory.every(body, where, problems::add);
		if (ticks == null) {
			return null;
		}
		return new RuntimeExpression((cron ? CRON : EVERY) + body.strip(), cron ? zone : ZoneOffset.UTC, ticks);
	}

}
