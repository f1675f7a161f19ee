package io.github.asynctask.redis;

import java.time.Instant;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A task's data as the scripts store it: {@code "<meta JSON>\n<payload>"} in the queue's
 * tasks hash. See {@code lib.lua} for the meta keys.
 */
record StoredTask(String id, String name, TaskState state, int attempts, long token, int maxRetries, Instant createdAt,
		Instant updatedAt, @Nullable String lastError, String payload) {

	private static final JsonMapper META_READER = JsonMapper.builder().build();

	/**
	 * Parse stored data.
	 * @throws IllegalStateException naming the id when the data is not in the expected
	 * shape
	 */
	static StoredTask parse(String id, String raw) {
		int newline = raw.indexOf('\n');
		if (newline < 0) {
			throw new IllegalStateException("Task " + id + " has no meta line in Redis");
		}
		JsonNode meta;
		try {
			meta = META_READER.readTree(raw.substring(0, newline));
		}
		catch (JacksonException ex) {
			throw new IllegalStateException("Task " + id + " has unreadable meta in Redis: " + ex.getOriginalMessage(),
					ex);
		}
		JsonNode error = meta.path("e");
		return new StoredTask(id, meta.path("n").asString(""), state(id, meta.path("s").asString("")),
				meta.path("a").asInt(), meta.path("k").asLong(), meta.path("m").asInt(),
				Instant.ofEpochMilli(meta.path("c").asLong()), Instant.ofEpochMilli(meta.path("t").asLong()),
				error.isMissingNode() ? null : error.asString(), raw.substring(newline + 1));
	}

	TaskInfo toInfo(String queue) {
		return new TaskInfo(this.id, this.name, queue, this.state, this.attempts, this.maxRetries, this.lastError,
				this.createdAt, this.updatedAt, this.payload);
	}

	Delivery toDelivery(String queue) {
		return new Delivery(queue, this.id, this.name, this.token, this.attempts, this.maxRetries, this.payload,
				this.createdAt);
	}

	private static TaskState state(String id, String code) {
		return switch (code) {
			case "s" -> TaskState.SCHEDULED;
			case "p" -> TaskState.PENDING;
			case "a" -> TaskState.ACTIVE;
			case "r" -> TaskState.RETRY;
			case "d" -> TaskState.DEAD;
			case "c" -> TaskState.COMPLETED;
			default -> throw new IllegalStateException("Task " + id + " has unknown state code '" + code + "'");
		};
	}

}
