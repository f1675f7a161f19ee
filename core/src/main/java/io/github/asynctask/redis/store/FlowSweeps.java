package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.DueWaits;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

/**
 * The sweep side of {@link FlowStore}: the owed releases ({@code flow_owed.lua},
 * {@code flow_settle.lua}) and the waiting tasks whose check came ({@code flow_due.lua})
 * or whose wait ran out ({@code flow_expire.lua}). Apart so that FlowStore keeps to the
 * steps a submit and a completion take.
 */
final class FlowSweeps {

	static final LuaScript SETTLE = LuaScript.load("flow_settle");

	static final LuaScript EXPIRE = LuaScript.load("flow_expire");

	static final LuaScript DUE = LuaScript.load("flow_due");

	static final LuaScript OWED = LuaScript.load("flow_owed");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	FlowSweeps(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	void settle(String queue, List<String> entries) {
		if (!entries.isEmpty()) {
			this.runner.run(SETTLE, queue, List.of(this.keys.flowOwed(queue)), entries);
		}
	}

	List<String> owed(String queue, Duration grace, int limit) {
		return FlowArgs.strings(Replies.list(this.runner.run(OWED, queue, List.of(this.keys.flowOwed(queue)),
				List.of(FlowArgs.millis(grace), Integer.toString(limit)))), 0);
	}

	DueWaits due(String queue, int limit) {
		List<?> reply = Replies.list(this.runner.run(DUE, queue,
				List.of(this.keys.tasks(queue), this.keys.payloads(queue), this.keys.waiting(queue),
						this.keys.waitData(queue), this.keys.dead(queue), this.keys.batchOwed(queue)),
				List.of(Integer.toString(limit), FlowArgs.millis(FlowStore.CHECK_LEAST),
						FlowArgs.millis(FlowStore.CHECK_MOST))));
		List<DueWaits.Check> checks = new ArrayList<>((reply.size() - 1) / 4);
		for (int i = 1; i + 3 < reply.size(); i += 4) {
			String kind = Replies.string(reply.get(i + 1));
			checks.add(new DueWaits.Check(Replies.string(reply.get(i)),
					kind.equals("x") ? DueWaits.Kind.EXPIRED
							: kind.equals("g") ? DueWaits.Kind.GONE : DueWaits.Kind.WAITING,
					Replies.string(reply.get(i + 2)), Replies.number(reply.get(i + 3))));
		}
		return new DueWaits((int) Replies.number(reply.get(0)), checks);
	}

	boolean expire(String queue, String id) {
		return Replies.single(this.runner.run(EXPIRE, queue,
				List.of(this.keys.tasks(queue), this.keys.payloads(queue), this.keys.waiting(queue),
						this.keys.waitData(queue), this.keys.dead(queue), this.keys.batchOwed(queue)),
				List.of(id))) == 1;
	}

}
