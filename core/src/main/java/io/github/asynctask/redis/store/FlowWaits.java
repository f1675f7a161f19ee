package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

/**
 * The waiting task's side of {@link FlowStore}: parking it ({@code flow_wait.lua}),
 * registering it with the conditions it awaits ({@code flow_watch.lua},
 * {@code flow_unwatch.lua}) and crossing met conditions off it
 * ({@code flow_release.lua}). Apart so that FlowStore keeps to the awaited queue's side
 * and the sweeps.
 */
final class FlowWaits {

	static final LuaScript WATCH = LuaScript.load("flow_watch");

	static final LuaScript RELEASE = LuaScript.load("flow_release");

	static final LuaScript UNWATCH = LuaScript.load("flow_unwatch");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	FlowWaits(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	EnqueueResult park(EnqueueRequest request, String uniqueKey, Duration firstCheck) {
		String queue = request.queue();
		List<String> args = new ArrayList<>(7 + 2 * request.after().size());
		args.addAll(List.of(request.id(), request.name(), request.payload(), Integer.toString(request.maxRetries()),
				(request.bizId() != null) ? FlowArgs.millis(request.dedupTtl()) : "0",
				Long.toString(Math.max(1, request.waitTimeout().toMillis())),
				Long.toString(Math.max(1, firstCheck.toMillis()))));
		request.after().forEach((awaited) -> {
			args.add(awaited.queue());
			args.add(awaited.condition());
		});
		List<?> reply = Replies
			.list(this.runner.run(
					FlowStore.WAIT, queue, List.of(this.keys.tasks(queue), this.keys.payloads(queue),
							this.keys.waiting(queue), this.keys.waitData(queue), uniqueKey, this.keys.done(queue)),
					args));
		String id = Replies.string(reply.get(1));
		return switch ((int) Replies.number(reply.get(0))) {
			case 4 -> new EnqueueResult(id, EnqueueResult.Outcome.WAITING);
			case 0 -> new EnqueueResult(id, EnqueueResult.Outcome.DUPLICATE);
			default -> new EnqueueResult(id, EnqueueResult.Outcome.ALREADY_EXISTS);
		};
	}

	FlowStore.Watch watch(EnqueueRequest.Awaited awaited, String queue, String id, Duration waitLeft) {
		String owner = awaited.queue();
		long keep = Math.max(0, waitLeft.toMillis()) + FlowStore.KEEP_MARGIN.toMillis();
		long code = Replies.single(this.runner.run(WATCH, owner,
				List.of(this.keys.flowWaiters(owner, awaited.condition()), this.keys.flowWatchers(owner),
						this.keys.flowMet(owner), this.keys.tasks(owner), this.keys.done(owner)),
				List.of(awaited.condition(), queue, id, Long.toString(keep))));
		return (code == 1) ? FlowStore.Watch.MET
				: (code == 2) ? FlowStore.Watch.REPLACED_UNREADABLE : FlowStore.Watch.REGISTERED;
	}

	void unwatch(EnqueueRequest.Awaited awaited, String queue, String id) {
		String owner = awaited.queue();
		this.runner.run(UNWATCH, owner,
				List.of(this.keys.flowWaiters(owner, awaited.condition()), this.keys.flowWatchers(owner)),
				List.of(awaited.condition(), queue, id));
	}

	List<Integer> releaseAll(String queue, List<FlowStore.Release> releases) {
		List<String> keys = List.of(this.keys.tasks(queue), this.keys.payloads(queue), this.keys.waiting(queue),
				this.keys.waitData(queue), this.keys.pending(queue), this.keys.wake(queue));
		List<Integer> codes = new ArrayList<>(releases.size());
		for (int from = 0; from < releases.size(); from += FlowStore.RELEASES_PER_CALL) {
			List<String> args = new ArrayList<>(3 * FlowStore.RELEASES_PER_CALL);
			releases.subList(from, Math.min(releases.size(), from + FlowStore.RELEASES_PER_CALL)).forEach((release) -> {
				args.add(release.id());
				args.add(release.awaited().queue());
				args.add(release.awaited().condition());
			});
			Replies.list(this.runner.run(RELEASE, queue, keys, args))
				.forEach((code) -> codes.add((int) Replies.number(code)));
		}
		return codes;
	}

}
