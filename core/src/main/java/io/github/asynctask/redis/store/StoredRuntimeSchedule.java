package io.github.asynctask.redis.store;

import io.github.asynctask.redis.ScheduleState;
import io.github.asynctask.redis.script.Replies;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One run-time schedule as stored in Redis (see {@code rt_put.lua}).
 *
 * @param queue the queue holding it (the queue of its task)
 * @param id the schedule id the application chose
 * @param nextLook when instances look at it next (epoch ms, Redis time), {@code -1} never
 * @param task the task name, empty when the stored call is unreadable
 * @param expression {@code cron <fields>} or {@code every <duration>}
 * @param zone the zone id of a cron
 * @param misfire {@code once}, {@code skip} or {@code all}
 * @param overlap whether a tick runs while the previous tick's task is unfinished
 * @param payload the captured call's arguments as the codec wrote them
 * @param revision changes with every put: a tick computed for another one is stale
 * @param state the last ticks and pause, {@code lastTaskState} filled by listings only
 * @param problem why an instance did not fire it, {@code null} when none did so
 */
public record StoredRuntimeSchedule(String queue, String id, long nextLook, String task, String expression, String zone,
		String misfire, boolean overlap, String payload, String revision, ScheduleState state,
		@Nullable String problem) {

	/** Values per schedule in a reply (rt_entry in lib.lua). */
	static final int REPLY_WIDTH = 15;

	/** Whether the stored call and state could be read. */
	public boolean readable() {
		return !this.task.isEmpty() && !this.revision.isEmpty();
	}

	static StoredRuntimeSchedule of(String queue, List<?> reply, int at) {
		long fired = Replies.number(reply.get(at + 10));
		String taskId = Replies.string(reply.get(at + 11));
		String code = Replies.string(reply.get(at + 14));
		String problem = Replies.string(reply.get(at + 13));
		ScheduleState state = new ScheduleState(Replies.number(reply.get(at + 9)), (fired < 0) ? null : fired,
				taskId.isEmpty() ? null : taskId, code.isEmpty() ? null : code,
				Replies.number(reply.get(at + 12)) == 1);
		return new StoredRuntimeSchedule(queue, Replies.string(reply.get(at)), Replies.number(reply.get(at + 1)),
				Replies.string(reply.get(at + 2)), Replies.string(reply.get(at + 3)), Replies.string(reply.get(at + 4)),
				Replies.string(reply.get(at + 5)), "1".equals(Replies.string(reply.get(at + 6))),
				Replies.string(reply.get(at + 7)), Replies.string(reply.get(at + 8)), state,
				problem.isEmpty() ? null : problem);
	}

}
