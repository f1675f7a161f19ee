package io.github.asynctask.flow;

import java.util.concurrent.CompletableFuture;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JavaType;

/**
 * One future waiting for the result of a task. The shard holding the task is learnt once
 * (from the announcement of its result, or by asking the queue's shards) and kept: a task
 * never leaves its shard. Whether the task reached Redis is learnt from the enqueue reply
 * or from seeing it there; until then a task found nowhere may simply not be sent yet.
 */
final class Waiter {

	private final String queue;

	private final String id;

	private final String name;

	private final JavaType type;

	private final CompletableFuture<Object> future;

	private final long since;

	/** Set by the reader thread or the subscription; read by both. */
	private volatile @Nullable String shard;

	/** Set by submitting threads or the reader thread. */
	private volatile boolean sent;

	/**
	 * @param queue the queue the task was submitted to (not a shard)
	 * @param name the task's name, {@code ""} when unknown
	 * @param since when the future began to wait ({@link System#nanoTime()})
	 */
	Waiter(String queue, String id, String name, JavaType type, CompletableFuture<Object> future, long since,
			@Nullable String shard, boolean sent) {
		this.queue = queue;
		this.id = id;
		this.name = name;
		this.type = type;
		this.future = future;
		this.since = since;
		this.shard = shard;
		this.sent = sent;
	}

	/**
	 * The same future waiting for another task of the same queue (a duplicate's holder).
	 */
	Waiter following(String holder) {
		return new Waiter(this.queue, holder, this.name, this.type, this.future, this.since, null, true);
	}

	String queue() {
		return this.queue;
	}

	String id() {
		return this.id;
	}

	String name() {
		return this.name;
	}

	JavaType type() {
		return this.type;
	}

	CompletableFuture<Object> future() {
		return this.future;
	}

	long since() {
		return this.since;
	}

	@Nullable String shard() {
		return this.shard;
	}

	void pin(String shard) {
		if (this.shard == null) {
			this.shard = shard;
		}
	}

	boolean sent() {
		return this.sent;
	}

	void markSent() {
		this.sent = true;
	}

}
