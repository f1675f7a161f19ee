package io.github.asynctask.redis.lua;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

import java.util.List;

import io.github.asynctask.redis.EnqueueResult.Outcome;

/**
 * Records a task of a debounced bizId with {@code enqueue_debounce.lua}: the last submit
 * within the window wins. A holder still waiting to run takes the new arguments and is
 * due a window from now (the reply names it, as a duplicate's does, so the call's future
 * follows it); a running one is left to finish and the new task is scheduled behind it.
 * All keys are in the slot of the task's queue (shard): a sharded queue places a bizId's
 * tasks in one shard.
 */
final class DebouncedEnqueue {

	private static final LuaScript SCRIPT = LuaScript.load("enqueue_debounce");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	DebouncedEnqueue(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	EnqueueResult enqueue(EnqueueRequest request) {
		String queue = request.queue();
		String bizId = request.bizId();
		if (request.debounce() == null || bizId == null) {
			throw new IllegalArgumentException("Task '" + request.name() + "' (id " + request.id()
					+ ") is not debounced: it needs a bizId and a debounce window");
		}
		long window = Math.max(1, request.debounce().toMillis());
		long ttl = Math.max(window, request.dedupTtl().toMillis());
		List<?> reply = Replies.list(this.runner.run(SCRIPT, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.payloads(queue), this.keys.unique(queue, request.name(), bizId),
						this.keys.done(queue)),
				List.of(this.keys.dueChannel(queue), request.id(), request.name(), request.payload(),
						Integer.toString(request.maxRetries()), Long.toString(window), Long.toString(ttl),
						(request.concurrencyKey() != null) ? request.concurrencyKey() : "",
						Integer.toString(request.maxConcurrency()))));
		String id = Replies.string(reply.get(1));
		return switch ((int) Replies.number(reply.get(0))) {
			case 0 -> new EnqueueResult(id, Outcome.DUPLICATE);
			case 3 -> new EnqueueResult(id, Outcome.ALREADY_EXISTS);
			default -> new EnqueueResult(id, Outcome.SCHEDULED);
		};
	}

}
