package io.github.asynctask.reliability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.RedisServer;

/**
 * Looks at one queue's keys in Redis after a scenario: every id in exactly one state
 * structure, every state entry backed by task data, nothing active without a lease entry
 * (and no lease without an active entry), and memory back near its baseline.
 */
final class InvariantChecker {

	private final RedisServer redis;

	private final RedisKeys keys;

	private final String queue;

	InvariantChecker(RedisServer redis, RedisKeys keys, String queue) {
		this.redis = redis;
		this.keys = keys;
		this.queue = queue;
	}

	/** Problems found; empty when every invariant holds. */
	List<String> problems() {
		List<String> problems = new ArrayList<>();
		Set<String> data = set("HKEYS", this.keys.tasks(this.queue));
		Map<String, Set<String>> states = new LinkedHashMap<>();
		states.put("pending", set("LRANGE", this.keys.pending(this.queue), "0", "-1"));
		states.put("scheduled", set("ZRANGE", this.keys.scheduled(this.queue), "0", "-1"));
		states.put("retry", set("ZRANGE", this.keys.retry(this.queue), "0", "-1"));
		states.put("active", set("ZRANGE", this.keys.active(this.queue), "0", "-1"));
		states.put("dead", set("ZRANGE", this.keys.dead(this.queue), "0", "-1"));
		states.put("completed", set("ZRANGE", this.keys.completed(this.queue), "0", "-1"));
		Map<String, List<String>> where = new HashMap<>();
		states.forEach(
				(state, ids) -> ids.forEach((id) -> where.computeIfAbsent(id, (k) -> new ArrayList<>()).add(state)));
		long pendingLength = Long.parseLong(cli("LLEN", this.keys.pending(this.queue)));
		if (pendingLength != states.get("pending").size()) {
			problems.add("pending holds an id twice (" + pendingLength + " entries, " + states.get("pending").size()
					+ " ids)");
		}
		where.forEach((id, in) -> {
			if (in.size() > 1) {
				problems.add("id " + id + " is in " + in);
			}
			if (!data.contains(id)) {
				problems.add("id " + id + " in " + in + " has no task data");
			}
		});
		data.stream()
			.filter((id) -> !where.containsKey(id))
			.forEach((id) -> problems.add("orphan task data for id " + id));
		set("HKEYS", this.keys.payloads(this.queue)).stream()
			.filter((id) -> !data.contains(id))
			.forEach((id) -> problems.add("orphan payload for id " + id));
		Set<String> leases = set("HKEYS", this.keys.leases(this.queue));
		if (!leases.equals(states.get("active"))) {
			problems.add("active ids " + states.get("active") + " differ from lease entries " + leases);
		}
		return problems;
	}

	/** Ids in a state structure (pending, retry, dead...). */
	Set<String> ids(String command, String key, String... range) {
		String[] args = new String[2 + range.length];
		args[0] = command;
		args[1] = key;
		System.arraycopy(range, 0, args, 2, range.length);
		return set(args);
	}

	/** Redis {@code used_memory} in bytes. */
	long usedMemory() {
		String info = cli("INFO", "memory");
		return info.lines()
			.filter((line) -> line.startsWith("used_memory:"))
			.map((line) -> Long.parseLong(line.substring("used_memory:".length()).trim()))
			.findFirst()
			.orElseThrow();
	}

	/**
	 * The queue's keys holding tasks or their state: the completed-ids set keeps the id
	 * of every completed task for {@code async-task.retention.completed-ids} by design,
	 * and the serving marks, the agent turn and a wake-up token live while instances
	 * serve the queue.
	 */
	Set<String> queueKeys() {
		Set<String> keys = set("KEYS", this.keys.prefix() + ":{" + this.queue + "}:*");
		keys.remove(this.keys.done(this.queue));
		keys.remove(this.keys.workers(this.queue));
		keys.remove(this.keys.turn(this.queue));
		keys.remove(this.keys.wake(this.queue));
		return keys;
	}

	private Set<String> set(String... command) {
		String reply = cli(command);
		Set<String> values = new TreeSet<>();
		if (!reply.isEmpty()) {
			values.addAll(Arrays.asList(reply.split("\n")));
		}
		return values;
	}

	private String cli(String... command) {
		String reply = this.redis.cli(command);
		return (reply != null) ? reply : "";
	}

}
