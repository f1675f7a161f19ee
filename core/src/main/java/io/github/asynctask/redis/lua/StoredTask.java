package io.github.asynctask.redis.lua;

import java.time.Instant;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskProgress;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.script.StoredNumbers;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;

/**
 * A task's data as the scripts store it: its meta JSON in the queue's tasks hash, its
 * payload in the payloads hash; a new or fetched task keeps {@code "<meta>\n<payload>"}
 * in the tasks hash alone, its meta {@link PackedMeta packed} or JSON. See
 * {@code lib.lua} for the meta keys.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public record StoredTask(String id, String name, TaskState state, int attempts, long token, int maxRetries,
		Instant createdAt, Instant updatedAt, @Nullable String lastError, String payload,
		@Nullable TaskProgress progress) {

	/**
	 * Streaming only, with a buffer recycler per thread: the shared default pool's
	 * concurrent deque showed in profiles of a fetch.
	 */
	private static final JsonFactory META_READER = JsonFactory.builder()
		.recyclerPool(JsonRecyclerPools.threadLocalPool())
		.build();

	/**
	 * Parse a task's meta (packed or JSON) and payload; a meta in the one-field form (a
	 * newline, then the payload; neither form holds a raw newline) carries the payload
	 * itself.
	 * @throws IllegalStateException naming the id when the data is not in the expected
	 * shape
	 */
	public static StoredTask parse(String id, String metaJson, String payload) {
		int newline = metaJson.indexOf('\n');
		String json = (newline < 0) ? metaJson : metaJson.substring(0, newline);
		String body = (newline < 0) ? payload : metaJson.substring(newline + 1);
		if (PackedMeta.isPacked(json)) {
			return ofPacked(id, json, body);
		}
		Meta meta;
		try (JsonParser parser = META_READER.createParser(json)) {
			meta = Meta.read(parser);
		}
		catch (JacksonException ex) {
			throw new IllegalStateException("Task " + id + " has unreadable meta in Redis: " + ex.getOriginalMessage(),
					ex);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("Task " + id + " has unreadable meta in Redis: " + ex.getMessage(), ex);
		}
		if (meta == null) {
			throw new IllegalStateException("Task " + id + " has unreadable meta in Redis: not a JSON object");
		}
		return new StoredTask(id, meta.name, state(id, meta.state), meta.attempts, meta.token, meta.maxRetries,
				Instant.ofEpochMilli(meta.createdAt),
				Instant.ofEpochMilli((meta.updatedAt != null) ? meta.updatedAt : meta.createdAt), meta.error, body,
				progress(meta.progress));
	}

	private static StoredTask ofPacked(String id, String packed, String payload) {
		PackedMeta meta;
		try {
			meta = PackedMeta.parse(packed);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("Task " + id + " has unreadable meta in Redis: " + ex.getMessage(), ex);
		}
		return new StoredTask(id, meta.name(), state(id, meta.state()), meta.attempts(), meta.token(),
				meta.maxRetries(), Instant.ofEpochMilli(meta.createdAt()), Instant.ofEpochMilli(meta.updatedAt()), null,
				payload, null);
	}

	TaskInfo toInfo(String queue) {
		return new TaskInfo(this.id, this.name, queue, this.state, this.attempts, this.maxRetries, this.lastError,
				this.createdAt, this.updatedAt, this.payload, this.progress);
	}

	/**
	 * The progress stored as {@code "<percent>|<at ms>|<message>"} (meta g, running.lua),
	 * or null when there is none or it is not in that shape (display only: never a reason
	 * to refuse reading the task).
	 */
	private static @Nullable TaskProgress progress(@Nullable String stored) {
		if (stored == null) {
			return null;
		}
		int first = stored.indexOf('|');
		int second = (first < 0) ? -1 : stored.indexOf('|', first + 1);
		if (second < 0) {
			return null;
		}
		try {
			return new TaskProgress(Integer.parseInt(stored.substring(0, first)), stored.substring(second + 1),
					Instant.ofEpochMilli(Long.parseLong(stored.substring(first + 1, second))));
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	Delivery toDelivery(String queue) {
		return new Delivery(queue, this.id, this.name, this.token, this.attempts, this.maxRetries, this.payload,
				this.createdAt);
	}

	/**
	 * The meta fields, read token by token: a fetch parses one per delivery, and building
	 * a JSON tree for each showed in profiles. Missing fields keep their defaults; counts
	 * and times past {@link StoredNumbers}' range are refused.
	 */
	private static final class Meta {

		private String name = "";

		private String state = "";

		private int attempts;

		private long token;

		private int maxRetries;

		private long createdAt;

		/** Left out at enqueue, where it equals {@link #createdAt}. */
		private @Nullable Long updatedAt;

		private @Nullable String error;

		private @Nullable String progress;

		/** The meta of a flat JSON object, or null when the text is not an object. */
		static @Nullable Meta read(JsonParser parser) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				return null;
			}
			Meta meta = new Meta();
			for (String field = parser.nextName(); field != null; field = parser.nextName()) {
				if (parser.nextToken().isStructStart()) {
					parser.skipChildren();
					continue;
				}
				meta.set(field, parser);
			}
			return meta;
		}

		private void set(String field, JsonParser value) {
			switch (field) {
				case "n" -> this.name = value.getValueAsString("");
				case "s" -> this.state = value.getValueAsString("");
				case "a" ->
					this.attempts = (int) StoredNumbers.check("a", value.getValueAsLong(0), StoredNumbers.MAX_COUNT);
				case "k" -> this.token = value.getValueAsLong(0);
				case "m" -> this.maxRetries = (int) StoredNumbers.check("m", value.getValueAsLong(0),
						StoredNumbers.MAX_RETRIES);
				case "c" -> this.createdAt = StoredNumbers.check("c", value.getValueAsLong(0), StoredNumbers.MAX_TIME);
				case "t" -> this.updatedAt = StoredNumbers.check("t", value.getValueAsLong(0), StoredNumbers.MAX_TIME);
				case "e" -> this.error = value.getValueAsString();
				case "g" -> this.progress = value.getValueAsString();
				default -> {
					// other fields (v, ok) matter to the scripts only
				}
			}
		}

	}

	private static TaskState state(String id, String code) {
		return switch (code) {
			case "s" -> TaskState.SCHEDULED;
			case "w" -> TaskState.WAITING;
			case "p" -> TaskState.PENDING;
			case "a" -> TaskState.ACTIVE;
			case "r" -> TaskState.RETRY;
			case "d" -> TaskState.DEAD;
			case "c" -> TaskState.COMPLETED;
			default -> throw new IllegalStateException("Task " + id + " has unknown state code '" + code + "'");
		};
	}

}
