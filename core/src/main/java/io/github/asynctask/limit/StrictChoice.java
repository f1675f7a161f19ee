package io.github.asynctask.limit;

import java.util.Collection;
import java.util.List;

/**
 * Strict priority: always the declared order, so a lower queue gives work only while
 * every higher one is empty (or paused, or rate-limited).
 */
final class StrictChoice implements QueueChoice {

	private final List<String> order;

	StrictChoice(Collection<String> highestFirst) {
		this.order = List.copyOf(highestFirst);
	}

	@Override
	public List<String> order() {
		return this.order;
	}

}
