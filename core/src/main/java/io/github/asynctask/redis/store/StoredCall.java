package io.github.asynctask.redis.store;

import io.github.asynctask.redis.EnqueueRequest;

import org.jspecify.annotations.Nullable;

/**
 * A batch callback as its batch stores it: the task call, written at the batch's seal and
 * enqueued as it is, under its own id, when the batch owes it. Lines: queue, id, name,
 * max retries, then the payload to the end (a queue, an id and a task name hold no
 * newline).
 */
final class StoredCall {

	private StoredCall() {
	}

	static String write(@Nullable EnqueueRequest call) {
		if (call == null) {
			return "";
		}
		if (call.name().indexOf('\n') >= 0) {
			throw new IllegalArgumentException("Task name '" + call.name().replace('\n', '?')
					+ "' holds a newline; it cannot be a batch callback");
		}
		return call.queue() + "\n" + call.id() + "\n" + call.name() + "\n" + call.maxRetries() + "\n" + call.payload();
	}

	static EnqueueRequest read(String stored) {
		String[] parts = stored.split("\n", 5);
		if (parts.length < 5) {
			throw new IllegalStateException("A stored batch callback is unreadable: '"
					+ stored.substring(0, Math.min(80, stored.length())) + "'");
		}
		return EnqueueRequest.now(parts[0], parts[1], parts[2], parts[4], Integer.parseInt(parts[3]));
	}

}
