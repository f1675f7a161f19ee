package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.shard.ShardName;

/**
 * Tells listeners (meters, logs) the queue's own name where a delivery names the shard it
 * came from ({@code q#3} → {@code q}), so a sharded queue reads as one queue.
 */
final class ShardQueueNames implements TaskListener {

	private final TaskListener listener;

	private ShardQueueNames(TaskListener listener) {
		this.listener = listener;
	}

	static TaskListener of(TaskListener listener) {
		return (listener == TaskListener.NO_OP) ? listener : new ShardQueueNames(listener);
	}

	private static String queue(String name) {
		return ShardName.queueOf(name);
	}

	@Override
	public void submitted(String queue, String task) {
		this.listener.submitted(queue(queue), task);
	}

	@Override
	public void deduplicated(String queue, String task) {
		this.listener.deduplicated(queue(queue), task);
	}

	@Override
	public void started(String queue, String task) {
		this.listener.started(queue(queue), task);
	}

	@Override
	public void completed(String queue, String task, Duration duration) {
		this.listener.completed(queue(queue), task, duration);
	}

	@Override
	public void failed(String queue, String task, Duration duration, Throwable error, boolean willRetry) {
		this.listener.failed(queue(queue), task, duration, error, willRetry);
	}

	@Override
	public void rateLimited(String queue, Duration wait) {
		this.listener.rateLimited(queue(queue), wait);
	}

	@Override
	public void concurrencyKeyBlocked(String queue) {
		this.listener.concurrencyKeyBlocked(queue(queue));
	}

	@Override
	public void hung(String queue, String task, Duration timeout) {
		this.listener.hung(queue(queue), task, timeout);
	}

	@Override
	public void retried(String queue, String task) {
		this.listener.retried(queue(queue), task);
	}

	@Override
	public void dead(String queue, String task, String reason) {
		this.listener.dead(queue(queue), task, reason);
	}

	@Override
	public void deadDropped(String queue, int count) {
		this.listener.deadDropped(queue(queue), count);
	}

	@Override
	public void resendBufferSize(int size) {
		this.listener.resendBufferSize(size);
	}

}
