package io.github.asynctask.redis.lua;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import org.jspecify.annotations.Nullable;

/**
 * The fetch ids a broker still has to act on, by queue: fetches whose reply was lost (to
 * release before the next fetch) and the last answered fetch (whose record in Redis the
 * next fetch drops, so records do not pile up for a lease each).
 */
final class FetchLedger {

	private final Map<String, Set<String>> lost = new ConcurrentHashMap<>();

	private final Map<String, String> answered = new ConcurrentHashMap<>();

	/** A new fetch id: random, so ids of all workers on all instances never meet. */
	static String newId() {
		return Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
	}

	/** The fetches of the queue whose reply was lost and that are not released yet. */
	Set<String> lost(String queue) {
		return this.lost.computeIfAbsent(queue, (name) -> ConcurrentHashMap.newKeySet());
	}

	/** The last answered fetch of the queue, forgotten here as its record is dropped. */
	@Nullable String takeAnswered(String queue) {
		return this.answered.remove(queue);
	}

	void answered(String queue, String fetchId) {
		this.answered.put(queue, fetchId);
	}

}
