package io.github.asynctask.redis.lua;

import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.RunningReport;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Cancel and progress on the Redis side: {@code cancel.lua} removes a task that has not
 * run or marks a running one, {@code running.lua} stores the progress a worker's
 * heartbeat carries and answers which of its deliveries were cancelled. Every key of a
 * call is in the queue's (shard's) slot.
 */
final class TaskControlStore {

	private static final LuaScript CANCEL = LuaScript.load("cancel");

	private static final LuaScript RUNNING = LuaScript.load("running");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	TaskControlStore(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	CancelOutcome cancel(String queue, String id, String reason, boolean stopNow) {
		long code = Replies.single(this.runner.run(CANCEL, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.retry(queue), this.keys.active(queue), this.keys.dead(queue),
						this.keys.payloads(queue), this.keys.waiting(queue), this.keys.waitData(queue),
						this.keys.leases(queue), this.keys.batchOwed(queue)),
				List.of(id, reason, stopNow ? "1" : "0")));
		return switch ((int) code) {
			case 1 -> CancelOutcome.REMOVED;
			case 2 -> CancelOutcome.MARKED;
			case 3 -> CancelOutcome.ALREADY_MARKED;
			default -> CancelOutcome.NONE;
		};
	}

	Set<DeliveryToken> reportRunning(String queue, Collection<RunningReport> reports) {
		if (reports.isEmpty()) {
			return Set.of();
		}
		List<String> args = new ArrayList<>(reports.size() * 3);
		for (RunningReport report : reports) {
			args.add(report.delivery().id());
			args.add(Long.toString(report.delivery().token()));
			args.add(report.progressArgument());
		}
		List<?> reply = Replies.list(this.runner.run(RUNNING, queue,
				List.of(this.keys.tasks(queue), this.keys.leases(queue), this.keys.payloads(queue)), args));
		Set<DeliveryToken> cancelled = new HashSet<>();
		for (int i = 0; i + 1 < reply.size(); i += 2) {
			cancelled
				.add(new DeliveryToken(Replies.string(reply.get(i)), Long.parseLong(Replies.string(reply.get(i + 1)))));
		}
		return cancelled;
	}

}
