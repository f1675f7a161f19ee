package io.github.asynctask.redis.lua;

import java.util.List;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;

/**
 * What an operator does to a queue or a task from the console or actuator: pause, resume,
 * delete, retry a dead task. Refusals name the task and what to do instead.
 */
final class ConsoleActions {

	private final ScriptRunner runner;

	private final RedisKeys keys;

	ConsoleActions(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	void setPaused(String queue, boolean paused) {
		this.runner.run(Scripts.SET_PAUSED, queue,
				List.of(this.keys.paused(queue), this.keys.pending(queue), this.keys.wake(queue)),
				List.of(paused ? "1" : "0"));
	}

	boolean delete(String queue, String id) {
		long reply = Replies.single(this.runner.run(Scripts.DELETE, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.active(queue), this.keys.payloads(queue), this.keys.batchOwed(queue)),
				List.of(id)));
		if (reply == -2) {
			throw new IllegalStateException("Task " + id + " of queue '" + queue
					+ "' is running; delete it once it has finished or been recovered");
		}
		return reply == 1;
	}

	boolean retryDead(String queue, String id) {
		long reply = Replies.single(
				this.runner.run(
						Scripts.RETRY_DEAD, queue, List.of(this.keys.tasks(queue), this.keys.dead(queue),
								this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue)),
						List.of(id)));
		if (reply == -1) {
			throw new IllegalStateException("Dead task " + id + " of queue '" + queue
					+ "' has unreadable data and cannot be retried; inspect it, then delete it");
		}
		return reply == 1;
	}

}
