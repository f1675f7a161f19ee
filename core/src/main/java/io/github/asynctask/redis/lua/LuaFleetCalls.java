package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.AgentTurn;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.FleetSize;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;

/**
 * The fleet's calls on Redis: the heartbeat marks and counts every queue of an instance
 * in the {@code {instances}} slot, and a queue's turn is one key in the queue's slot.
 */
final class LuaFleetCalls implements FleetCalls {

	private final ScriptRunner runner;

	private final RedisKeys keys;

	LuaFleetCalls(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	@Override
	public FleetSize heartbeat(String instanceId, String info, Duration ttl, Collection<String> queues) {
		List<String> queueList = List.copyOf(queues);
		List<String> keys = new ArrayList<>(queueList.size() + 2);
		keys.add(this.keys.instancesSeen());
		keys.add(this.keys.instancesInfo());
		queueList.forEach((queue) -> keys.add(this.keys.servingInstances(queue)));
		Object reply = this.runner.run(Scripts.HEARTBEAT, "-", keys, List.of(instanceId, info, Millis.arg(ttl)));
		if (queueList.isEmpty()) {
			return new FleetSize(1, Map.of());
		}
		List<?> counts = Replies.list(reply);
		Map<String, Integer> serving = new LinkedHashMap<>();
		for (int i = 0; i < queueList.size(); i++) {
			serving.put(queueList.get(i), (int) Replies.number(counts.get(i + 1)));
		}
		return new FleetSize((int) Replies.number(counts.get(0)), serving);
	}

	@Override
	public AgentTurn takeTurn(String queue, String instanceId, Duration length) {
		List<?> reply = Replies.list(this.runner.run(Scripts.TURN, queue, List.of(this.keys.turn(queue)),
				List.of(instanceId, Millis.arg(length))));
		return new AgentTurn(Replies.number(reply.get(0)) == 1, Duration.ofMillis(Replies.number(reply.get(1))));
	}

}
