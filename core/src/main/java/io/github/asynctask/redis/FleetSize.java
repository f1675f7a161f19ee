package io.github.asynctask.redis;

import java.util.Map;

/**
 * How many live instances a heartbeat counted ({@link FleetCalls#heartbeat}).
 *
 * @param instances live instances registered, whatever they serve
 * @param servingByQueue live instances serving each queue the heartbeat named
 */
public record FleetSize(int instances, Map<String, Integer> servingByQueue) {

	public FleetSize {
		servingByQueue = Map.copyOf(servingByQueue);
	}

}
