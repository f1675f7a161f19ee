package io.github.asynctask.redis;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The calls that pace the periodic agents of a fleet of instances: one heartbeat per
 * instance that counts the instances serving each queue, and a per-queue agent turn held
 * by one instance at a time. Internal: public only for the worker's room; not an API.
 */
public interface FleetCalls {

	/**
	 * Register or refresh this instance and mark it serving the queues for {@code ttl}
	 * ({@link Duration#ZERO}: unregister and unmark it), in one call however many queues.
	 * @return the live instances, and those serving each queue (this one included unless
	 * unmarked)
	 */
	FleetSize heartbeat(String instanceId, String info, Duration ttl, Collection<String> queues);

	/**
	 * Take the queue's agent turn for {@code length} if nobody holds it, or keep it if
	 * this instance does; {@link Duration#ZERO} gives it back.
	 */
	AgentTurn takeTurn(String queue, String instanceId, Duration length);

	/**
	 * For a broker without the fleet's own calls: a heartbeat plus one serving call per
	 * queue, and every instance holds every turn (each does all the periodic work, as
	 * before turns).
	 */
	static FleetCalls perQueue(RedisBroker broker) {
		return new FleetCalls() {

			@Override
			public FleetSize heartbeat(String instanceId, String info, Duration ttl, Collection<String> queues) {
				if (ttl.isZero()) {
					broker.unregister(instanceId);
				}
				else {
					broker.heartbeat(instanceId, info, ttl);
				}
				Map<String, Integer> serving = new LinkedHashMap<>();
				queues.forEach((queue) -> serving.put(queue, broker.serving(queue, instanceId, ttl)));
				return new FleetSize(serving.values().stream().mapToInt(Integer::intValue).max().orElse(1), serving);
			}

			@Override
			public AgentTurn takeTurn(String queue, String instanceId, Duration length) {
				return new AgentTurn(!length.isZero(), length);
			}

		};
	}

}
