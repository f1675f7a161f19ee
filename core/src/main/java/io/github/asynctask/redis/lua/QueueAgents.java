package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.TrimResult;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;

/**
 * The periodic work on a queue: forward due tasks, recover expired leases, trim the dead
 * and completed, forget an idle queue. Each step is bounded by its {@code limit}.
 */
final class QueueAgents {

	private final ScriptRunner runner;

	private final RedisKeys keys;

	private final Duration completedRetention;

	private final Duration completedIds;

	/** Registers queues again (the broker's registry call). */
	private final Consumer<Collection<String>> register;

	QueueAgents(ScriptRunner runner, RedisKeys keys, Duration completedRetention, Duration completedIds,
			Consumer<Collection<String>> register) {
		this.runner = runner;
		this.keys = keys;
		this.completedRetention = completedRetention;
		this.completedIds = completedIds;
		this.register = register;
	}

	RecoverResult recover(String queue, int limit, Duration retryDelay) {
		List<?> reply = Replies.list(this.runner.run(Scripts.RECOVER, queue,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.payloads(queue), this.keys.done(queue), this.keys.batchOwed(queue)),
				List.of(Integer.toString(limit), Millis.arg(retryDelay), Millis.arg(this.completedRetention),
						this.keys.dueChannel(queue), Millis.arg(this.completedIds))));
		int recovered = (int) Replies.number(reply.get(0));
		long nextDeadline = Replies.number(reply.get(1));
		long now = Replies.number(reply.get(2));
		return new RecoverResult(recovered,
				(nextDeadline < 0) ? null : Duration.ofMillis(Math.max(0, nextDeadline - now)));
	}

	ForwardResult forward(String queue, int limit) {
		List<?> reply = Replies.list(this.runner.run(Scripts.FORWARD, queue,
				List.of(this.keys.tasks(queue), this.keys.scheduled(queue), this.keys.retry(queue),
						this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue)),
				List.of(Integer.toString(limit))));
		int moved = (int) Replies.number(reply.get(0));
		long nextDue = Replies.number(reply.get(1));
		long now = Replies.number(reply.get(2));
		return new ForwardResult(moved, (nextDue < 0) ? null : Duration.ofMillis(Math.max(0, nextDue - now)));
	}

	TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		List<?> reply = Replies.list(this.runner.run(Scripts.TRIM, queue,
				List.of(this.keys.tasks(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.payloads(queue), this.keys.done(queue)),
				List.of(Millis.arg(deadRetention), Integer.toString(limit), Millis.arg(this.completedIds),
						Integer.toString(deadMax))));
		return new TrimResult((int) Replies.number(reply.get(0)), (int) Replies.number(reply.get(1)));
	}

	/**
	 * Two calls, the queue's keys and the registry being in different cluster slots; a
	 * task submitted between them makes the queue registered again.
	 */
	boolean forgetQueueIfIdle(String queue, Duration unseen) {
		if (!isIdle(queue)) {
			return false;
		}
		boolean forgotten = Replies.single(this.runner.run(Scripts.FORGET_QUEUE, "-", List.of(this.keys.queues()),
				List.of(queue, Millis.arg(unseen)))) == 1;
		if (forgotten && !isIdle(queue)) {
			this.register.accept(List.of(queue));
			return false;
		}
		return forgotten;
	}

	private boolean isIdle(String queue) {
		return Replies.single(this.runner.run(Scripts.QUEUE_IDLE, queue,
				List.of(this.keys.tasks(queue), this.keys.done(queue), this.keys.paused(queue)), List.of())) == 1;
	}

}
