package io.github.asynctask.autoconfigure.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.autoconfigure.console.BrowseViews.AttemptView;
import io.github.asynctask.redis.lua.PackedMeta;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import org.jspecify.annotations.Nullable;

/**
 * Reads a task's stored meta and payload leniently for display: any content (missing
 * fields, wrong types, not JSON at all) gives a result, never an exception; what cannot
 * be read is flagged {@link #unreadable()} and shown with its raw size.
 */
final class StoredData {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final JsonNode meta;

	private final boolean unreadable;

	private StoredData(JsonNode meta, boolean unreadable) {
		this.meta = meta;
		this.unreadable = unreadable;
	}

	/**
	 * The meta as stored, packed or JSON (the one-field form keeps it before a newline).
	 */
	static StoredData of(String metaJson) {
		int newline = metaJson.indexOf('\n');
		String json = (newline < 0) ? metaJson : metaJson.substring(0, newline);
		if (PackedMeta.isPacked(json)) {
			return ofPacked(json);
		}
		try {
			JsonNode node = JSON.readTree(json);
			boolean readable = node != null && node.isObject() && node.path("n").isString() && node.path("s").isString()
					&& node.path("c").isNumber();
			return new StoredData((node != null) ? node : JSON.createObjectNode(), !readable);
		}
		catch (JacksonException ex) {
			return new StoredData(JSON.createObjectNode(), true);
		}
	}

	private static StoredData ofPacked(String packed) {
		try {
			PackedMeta meta = PackedMeta.parse(packed);
			ObjectNode node = JSON.createObjectNode()
				.put("n", meta.name())
				.put("s", meta.state())
				.put("a", meta.attempts())
				.put("m", meta.maxRetries())
				.put("c", meta.createdAt())
				.put("t", meta.updatedAt());
			return new StoredData(node, false);
		}
		catch (IllegalArgumentException ex) {
			return new StoredData(JSON.createObjectNode(), true);
		}
	}

	boolean unreadable() {
		return this.unreadable;
	}

	String name() {
		return this.meta.path("n").isString() ? this.meta.path("n").asString() : "";
	}

	String state() {
		if (this.unreadable) {
			return "unreadable";
		}
		// a later state shows by its code until named here
		return switch (this.meta.path("s").asString()) {
			case "p" -> "pending";
			case "s" -> "scheduled";
			case "a" -> "active";
			case "r" -> "retry";
			case "d" -> "dead";
			case "c" -> "completed";
			case "w" -> "waiting";
			default -> this.meta.path("s").asString();
		};
	}

	int attempts() {
		return this.meta.path("a").asInt(0);
	}

	int maxRetries() {
		return this.meta.path("m").asInt(0);
	}

	@Nullable String lastError() {
		JsonNode error = this.meta.path("e");
		return error.isString() ? error.asString() : null;
	}

	/**
	 * Why the task was cancelled while it ran (meta x, set by {@code cancel.lua}), or
	 * null when it was not.
	 */
	@Nullable String cancelRequested() {
		return text(this.meta, "x");
	}

	/** The bizId stored with the task (meta b), or null when none. */
	@Nullable String bizId() {
		return text(this.meta, "b");
	}

	/**
	 * The last progress the body reported (meta g,
	 * {@code "<percent>|<at ms>|<message>"}), as {@code "40% page 8 of 20 (2026-...Z)"},
	 * or null when none.
	 */
	@Nullable String progress() {
		String stored = text(this.meta, "g");
		int first = (stored != null) ? stored.indexOf('|') : -1;
		int second = (first < 0) ? -1 : stored.indexOf('|', first + 1);
		if (second < 0) {
			return null;
		}
		Long at;
		try {
			at = Long.parseLong(stored.substring(first + 1, second));
		}
		catch (NumberFormatException ex) {
			at = null;
		}
		String when = time(at);
		return stored.substring(0, first) + "% " + stored.substring(second + 1)
				+ ((when != null) ? " (" + when + ")" : "");
	}

	@Nullable String createdAt() {
		return time(this.meta.path("c"));
	}

	@Nullable String updatedAt() {
		JsonNode updated = this.meta.path("t");
		return updated.isNumber() ? time(updated) : createdAt();
	}

	/** The failed attempts kept on the task, oldest first; unreadable entries skipped. */
	List<AttemptView> history() {
		List<AttemptView> attempts = new ArrayList<>();
		for (JsonNode entry : this.meta.path("h")) {
			if (!entry.isString()) {
				continue;
			}
			try {
				JsonNode attempt = JSON.readTree(entry.asString());
				attempts.add(new AttemptView(time(attempt.path("start")), time(attempt.path("end")),
						text(attempt, "instance"), text(attempt, "error"), text(attempt, "message"),
						text(attempt, "stack")));
			}
			catch (JacksonException ex) {
				// a damaged entry is left out; the others still show
			}
		}
		return attempts;
	}

	/** The payload's arguments as pretty JSON text, or null when it has none readable. */
	static @Nullable String arguments(String payload) {
		JsonNode args = payloadPart(payload, "args");
		return (args != null) ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(args) : null;
	}

	static @Nullable JsonNode headers(String payload) {
		return payloadPart(payload, "h");
	}

	private static @Nullable JsonNode payloadPart(String payload, String field) {
		try {
			JsonNode part = JSON.readTree(payload).path(field);
			return part.isMissingNode() ? null : part;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	static @Nullable String time(@Nullable Long millis) {
		return (millis != null) ? Instant.ofEpochMilli(millis).toString() : null;
	}

	private static @Nullable String time(JsonNode millis) {
		return (millis.isNumber() && Math.abs(millis.asDouble()) < 1e15)
				? Instant.ofEpochMilli(millis.asLong()).toString() : null;
	}

	private static @Nullable String text(JsonNode node, String field) {
		JsonNode value = node.path(field);
		return value.isValueNode() && !value.isNull() ? value.asString() : null;
	}

}
