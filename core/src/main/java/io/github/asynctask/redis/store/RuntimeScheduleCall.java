package io.github.asynctask.redis.store;

/**
 * A run-time schedule to store with {@code rt_put.lua}.
 *
 * @param id the schedule id the application chose
 * @param revision a new random token per put
 * @param task the task name
 * @param expression {@code cron <fields>} or {@code every <duration>}
 * @param zone the zone id of a cron
 * @param misfire {@code once}, {@code skip} or {@code all}
 * @param overlap whether a tick runs while the previous tick's task is unfinished
 * @param payload the captured call's arguments as the codec wrote them
 */
public record RuntimeScheduleCall(String id, String revision, String task, String expression, String zone,
		String misfire, boolean overlap, String payload) {
}
