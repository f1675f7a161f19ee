package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.FlowStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out owed releases of one queue ({@code <condition>\n<queue>\n<id>}): each is
 * released in the waiting task's slot (idempotent), then all that were carried out, or
 * that are unreadable and dropped with a warning, are settled in one call. One that fails
 * stays owed for the sweep.
 */
final class FlowReleases {

	private static final Logger logger = LoggerFactory.getLogger(FlowReleases.class);

	private final FlowStore store;

	FlowReleases(FlowStore store) {
		this.store = store;
	}

	/**
	 * @return how many waiting tasks went to pending
	 */
	int carryOut(String queue, List<String> entries) {
		List<String> settled = new ArrayList<>(entries.size());
		int released = 0;
		for (String entry : entries) {
			String[] parts = entry.split(FlowStore.SEPARATOR, -1);
			if (parts.length != 3 || parts[0].isEmpty() || parts[2].isEmpty() || !QueueName.isValid(parts[1])) {
				logger.warn("Dropped an unreadable entry of the waiting tasks owed a release by queue '{}': '{}'",
						queue, abbreviate(entry));
				settled.add(entry);
				continue;
			}
			try {
				if (this.store.release(parts[1], parts[2], new EnqueueRequest.Awaited(queue, parts[0])) == 1) {
					released++;
				}
				settled.add(entry);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not release task {} of queue '{}' (waiting for {}): {}; the sweep retries it",
						parts[2], parts[1], parts[0], ex.toString());
			}
		}
		this.store.settle(queue, settled);
		return released;
	}

	private static String abbreviate(String text) {
		String flat = text.replaceAll("\\p{Cntrl}", "?");
		return (flat.length() > 200) ? flat.substring(0, 200) + "..." : flat;
	}

}
