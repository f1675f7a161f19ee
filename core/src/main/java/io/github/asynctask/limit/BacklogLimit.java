package io.github.asynctask.limit;

import java.time.Duration;

/**
 * The most tasks a queue may hold waiting to run (pending + scheduled + retry:
 * {@code async-task.queues.<name>.max-backlog}), checked by the enqueue script, and what
 * a submit does when the queue is full.
 *
 * @param maxBacklog the limit, at least 1
 * @param onFull refuse at once, or wait for room
 * @param onFullTimeout how long {@link OnFull#WAIT} waits at most before it refuses
 */
public record BacklogLimit(long maxBacklog, OnFull onFull, Duration onFullTimeout) {

	public BacklogLimit {
		if (maxBacklog < 1) {
			throw new IllegalArgumentException("A backlog limit must be at least 1 but was " + maxBacklog);
		}
		if (onFullTimeout.isNegative()) {
			throw new IllegalArgumentException("on-full-timeout must not be negative but was " + onFullTimeout);
		}
	}

	/** The share of one shard of a queue spread over {@code shards}: rounded up. */
	public long perShard(int shards) {
		return (shards <= 1) ? this.maxBacklog : (this.maxBacklog + shards - 1) / shards;
	}

	/** What a submit to a full queue does. */
	public enum OnFull {

		/** Throw {@link io.github.asynctask.QueueFullException} at once. */
		REJECT,

		/** Block the submitting thread until there is room, up to the timeout. */
		WAIT

	}

}
