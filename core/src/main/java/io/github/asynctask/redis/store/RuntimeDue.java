package io.github.asynctask.redis.store;

import java.util.List;

/**
 * What {@code rt_due.lua} found in one queue.
 *
 * @param redisNow Redis time of the call (epoch ms)
 * @param nextLook the earliest next look after now (epoch ms), {@code -1} for none
 * @param more whether more schedules are due than returned
 * @param due the due schedules, oldest first
 */
public record RuntimeDue(long redisNow, long nextLook, boolean more, List<StoredRuntimeSchedule> due) {

	public RuntimeDue {
		due = List.copyOf(due);
	}

}
