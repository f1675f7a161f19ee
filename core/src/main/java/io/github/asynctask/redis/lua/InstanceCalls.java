package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;
import org.jspecify.annotations.Nullable;

/**
 * The instances serving the queues: their heartbeats and the id numbers they lease for
 * task ids. Keys outside any queue's slot, hence the {@code "-"} routing name.
 */
final class InstanceCalls {

	/** Instance numbers one claim call tries (a divisor of {@link IdNumber#COUNT}). */
	static final int ID_CANDIDATES_PER_CALL = 64;

	private final ScriptRunner runner;

	private final RedisKeys keys;

	InstanceCalls(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	void heartbeat(String instanceId, String info, Duration ttl) {
		this.runner.run(Scripts.HEARTBEAT, "-", List.of(this.keys.instancesSeen(), this.keys.instancesInfo()),
				List.of(instanceId, info, Millis.arg(ttl)));
	}

	int serving(String queue, String instanceId, Duration ttl) {
		return (int) Replies.single(this.runner.run(Scripts.SERVING, queue, List.of(this.keys.workers(queue)),
				List.of(instanceId, Millis.arg(ttl))));
	}

	void unregister(String instanceId) {
		this.runner.run(Scripts.UNREGISTER, "-", List.of(this.keys.instancesSeen(), this.keys.instancesInfo()),
				List.of(instanceId));
	}

	Map<String, String> instances() {
		List<?> reply = Replies.list(this.runner.run(Scripts.INSTANCES, "-",
				List.of(this.keys.instancesSeen(), this.keys.instancesInfo()), List.of()));
		Map<String, String> instances = new LinkedHashMap<>();
		for (int i = 0; i < reply.size(); i += 2) {
			instances.put(Replies.string(reply.get(i)), Replies.string(reply.get(i + 1)));
		}
		return instances;
	}

	/**
	 * One call per {@link #ID_CANDIDATES_PER_CALL} numbers; with a random start and far
	 * fewer instances than numbers, the first call nearly always finds one.
	 */
	@Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		for (int tried = 0; tried < IdNumber.COUNT; tried += ID_CANDIDATES_PER_CALL) {
			List<String> keys = new ArrayList<>(ID_CANDIDATES_PER_CALL + 1);
			List<String> args = new ArrayList<>(ID_CANDIDATES_PER_CALL + 3);
			keys.add(this.keys.idHorizons());
			args.add(instanceId);
			args.add(Millis.arg(lease));
			args.add(Long.toString(now));
			for (int i = 0; i < ID_CANDIDATES_PER_CALL; i++) {
				int number = Math.floorMod(from + tried + i, IdNumber.COUNT);
				keys.add(this.keys.idNumber(number));
				args.add(Integer.toString(number));
			}
			List<?> reply = Replies.list(this.runner.run(Scripts.ID_CLAIM, "-", keys, args));
			long number = Replies.number(reply.get(0));
			if (number >= 0) {
				return new IdNumber((int) number, Replies.number(reply.get(1)), Replies.number(reply.get(2)));
			}
		}
		return null;
	}

	@Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		long stored = Replies
			.single(this.runner.run(Scripts.ID_RENEW, "-", List.of(this.keys.idHorizons(), this.keys.idNumber(number)),
					List.of(instanceId, Integer.toString(number), Millis.arg(lease), Long.toString(horizon))));
		return (stored == 0) ? null : stored;
	}

}
