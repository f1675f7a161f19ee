package io.github.asynctask.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.redis.EnqueueRequest;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an {@link EnqueueRequest} into the outbox row's payload column and reads it back
 * (the id and queue have columns of their own). Versioned ({@code "v": 1}) so that a row
 * written by another version is recognised; a row that cannot be read is reported with
 * the reason, never guessed at.
 */
final class OutboxRowFormat {

	static final int VERSION = 1;

	private static final JsonMapper json = JsonMapper.builder().build();

	String write(EnqueueRequest request) {
		Map<String, Object> row = new LinkedHashMap<>();
		row.put("v", VERSION);
		row.put("name", request.name());
		row.put("payload", request.payload());
		row.put("maxRetries", request.maxRetries());
		if (request.delay() != null) {
			row.put("delayMs", request.delay().toMillis());
		}
		if (request.at() != null) {
			row.put("atMs", request.at().toEpochMilli());
		}
		if (request.bizId() != null) {
			row.put("bizId", request.bizId());
			row.put("dedupTtlMs", request.dedupTtl().toMillis());
			if (request.debounce() != null) {
				row.put("debounceMs", request.debounce().toMillis());
			}
		}
		if (request.concurrencyKey() != null) {
			row.put("concurrencyKey", request.concurrencyKey());
			row.put("maxConcurrency", request.maxConcurrency());
		}
		if (!request.after().isEmpty()) {
			row.put("after",
					request.after().stream().map((awaited) -> List.of(awaited.queue(), awaited.condition())).toList());
			row.put("waitTimeoutMs", request.waitTimeout().toMillis());
		}
		return json.writeValueAsString(row);
	}

	/**
	 * Read a row back.
	 * @throws UnreadableRowException with the reason when it cannot be read
	 */
	EnqueueRequest read(String id, String queue, String data) {
		JsonNode row;
		try {
			row = json.readTree(data);
		}
		catch (JacksonException ex) {
			throw new UnreadableRowException("outbox row is not JSON: " + ex.getOriginalMessage());
		}
		if (row == null || !row.isObject()) {
			throw new UnreadableRowException("outbox row is not a JSON object");
		}
		int version = row.path("v").asInt(-1);
		if (version != VERSION) {
			throw new UnreadableRowException(
					"outbox row has format version " + row.path("v") + ", this version reads " + VERSION);
		}
		String name = text(row, "name");
		String payload = text(row, "payload");
		if (name == null || payload == null || !row.path("maxRetries").canConvertToInt()) {
			throw new UnreadableRowException("outbox row lacks name, payload or maxRetries");
		}
		try {
			EnqueueRequest request = EnqueueRequest.now(queue, id, name, payload, row.path("maxRetries").asInt());
			if (row.hasNonNull("delayMs")) {
				request = request.withDelay(Duration.ofMillis(row.get("delayMs").asLong()));
			}
			if (row.hasNonNull("atMs")) {
				request = request.withAt(Instant.ofEpochMilli(row.get("atMs").asLong()));
			}
			String bizId = text(row, "bizId");
			if (bizId != null) {
				request = request.withBizId(bizId, Duration.ofMillis(row.path("dedupTtlMs").asLong()));
				if (row.hasNonNull("debounceMs")) {
					request = request.withDebounce(Duration.ofMillis(row.get("debounceMs").asLong()));
				}
			}
			String concurrencyKey = text(row, "concurrencyKey");
			if (concurrencyKey != null) {
				request = request.withConcurrencyKey(concurrencyKey, row.path("maxConcurrency").asInt());
			}
			if (row.hasNonNull("after")) {
				request = request.withAfter(after(row.get("after")),
						Duration.ofMillis(row.path("waitTimeoutMs").asLong()));
			}
			return request;
		}
		catch (IllegalArgumentException ex) {
			throw new UnreadableRowException("outbox row is invalid: " + ex.getMessage());
		}
	}

	private static List<EnqueueRequest.Awaited> after(JsonNode after) {
		List<EnqueueRequest.Awaited> awaited = new ArrayList<>();
		for (JsonNode pair : after) {
			if (pair.size() != 2 || !pair.get(0).isString() || !pair.get(1).isString()) {
				throw new UnreadableRowException("outbox row has an unreadable 'after' entry: " + pair);
			}
			awaited.add(new EnqueueRequest.Awaited(pair.get(0).asString(), pair.get(1).asString()));
		}
		return awaited;
	}

	private static @Nullable String text(JsonNode row, String field) {
		JsonNode value = row.get(field);
		return (value != null && value.isString()) ? value.asString() : null;
	}

	/** A row that cannot be turned back into a request, with the reason. */
	static final class UnreadableRowException extends RuntimeException {

		UnreadableRowException(String reason) {
			super(reason);
		}

	}

}
