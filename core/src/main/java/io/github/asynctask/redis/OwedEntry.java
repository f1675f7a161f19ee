package io.github.asynctask.redis;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One entry of a queue's owed releases (flows) as the scripts store it, a JSON array, so
 * that no part is ever split on a separator: {@code ["<condition>","<queue>","<id>"]} a
 * release owed to waiting task {@code id} of {@code queue}, or {@code ["<condition>"]}
 * the waiters of a met condition still to be moved to the owed releases in batches (a
 * drain).
 *
 * @param raw the entry as stored (what settling it names)
 * @param condition the awaited condition, met in the entry's queue
 * @param queue the waiting task's queue; {@code null} for a drain
 * @param id the waiting task's id; {@code null} for a drain
 */
public record OwedEntry(String raw, String condition, @Nullable String queue, @Nullable String id) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** Whether the entry stands for the waiters of its condition still to move. */
	public boolean isDrain() {
		return this.queue == null;
	}

	/**
	 * Read an entry.
	 * @param raw the entry as stored
	 * @return the entry, or {@code null} when it is no array of one or three non-empty
	 * strings
	 */
	public static @Nullable OwedEntry parse(String raw) {
		JsonNode array;
		try {
			array = JSON.readTree(raw);
		}
		catch (RuntimeException ex) {
			return null;
		}
		if (array == null || !array.isArray() || (array.size() != 1 && array.size() != 3)) {
			return null;
		}
		for (JsonNode part : array) {
			if (!part.isString() || part.asString().isEmpty()) {
				return null;
			}
		}
		return (array.size() == 1) ? new OwedEntry(raw, array.get(0).asString(), null, null)
				: new OwedEntry(raw, array.get(0).asString(), array.get(1).asString(), array.get(2).asString());
	}

}
