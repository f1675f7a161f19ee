package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

/**
 * The result side of {@link FlowStore}: keeping a task's result and announcing it
 * ({@code result_put.lua}), reading where results stand ({@code result_get.lua}) and a
 * task's flow details ({@code flow_details.lua}). Apart so that FlowStore keeps to the
 * wait and release steps.
 */
final class FlowResults {

	static final LuaScript RESULT_PUT = LuaScript.load("result_put");

	static final LuaScript RESULT_GET = LuaScript.load("result_get");

	static final LuaScript DETAILS = LuaScript.load("flow_details");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	FlowResults(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	void put(String queue, String id, String json, Duration retention) {
		this.runner.run(RESULT_PUT, queue, List.of(this.keys.result(queue, id)),
				List.of(json, Long.toString(Math.max(1, retention.toMillis())), this.keys.resultsChannel(),
						queue + FlowStore.SEPARATOR + id));
	}

	List<FlowStore.ResultState> states(String queue, List<String> ids) {
		List<String> keys = new ArrayList<>(2 + ids.size());
		keys.add(this.keys.tasks(queue));
		keys.add(this.keys.dead(queue));
		ids.forEach((id) -> keys.add(this.keys.result(queue, id)));
		List<?> reply = Replies.list(this.runner.run(RESULT_GET, queue, keys, ids));
		List<FlowStore.ResultState> states = new ArrayList<>(ids.size());
		for (int i = 0; i + 2 < reply.size(); i += 3) {
			states.add(new FlowStore.ResultState(Replies.string(reply.get(i)).charAt(0),
					Replies.string(reply.get(i + 1)), Replies.string(reply.get(i + 2))));
		}
		return states;
	}

	FlowStore.Details details(String queue, String id, int most) {
		List<?> reply = Replies.list(this.runner.run(DETAILS, queue,
				List.of(this.keys.waitData(queue), this.keys.result(queue, id)), List.of(id, Integer.toString(most))));
		return new FlowStore.Details(Replies.string(reply.get(0)), Replies.string(reply.get(1)),
				Replies.number(reply.get(2)));
	}

}
