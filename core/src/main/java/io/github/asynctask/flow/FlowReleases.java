package io.github.asynctask.flow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.redis.OwedEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out owed releases of one queue ({@link OwedEntry}): each is released in the
 * waiting task's slot (idempotent), then all that were carried out, or that are
 * unreadable and dropped with a warning, are settled in one call. One that fails stays
 * owed for the sweep. A drain entry (waiters of a met condition still to move) is either
 * worked off by one batch or left for the sweeper, as the caller says.
 */
final class FlowReleases {

	private static final Logger logger = LoggerFactory.getLogger(FlowReleases.class);

	private final FlowStore store;

	FlowReleases(FlowStore store) {
		this.store = store;
	}

	/**
	 * @param drain whether to move one batch of each drain entry's waiters and release
	 * them too (the sweeper), or to leave drain entries alone (the completing worker)
	 * @return whether drain entries are left: the caller carries on later
	 */
	boolean carryOut(String queue, List<String> entries, boolean drain) {
		List<String> settled = new ArrayList<>(entries.size());
		Map<String, List<OwedEntry>> byQueue = new LinkedHashMap<>();
		List<String> drains = new ArrayList<>();
		for (String raw : entries) {
			OwedEntry entry = OwedEntry.parse(raw);
			if (entry == null || !EnqueueRequest.Awaited.isCondition(entry.condition())
					|| (!entry.isDrain() && !QueueName.isValid(entry.queue()))) {
				logger.warn("Dropped an unreadable entry of the waiting tasks owed a release by queue '{}': '{}'",
						queue, abbreviate(raw));
				settled.add(raw);
			}
			else if (entry.isDrain()) {
				drains.add(entry.condition());
			}
			else {
				byQueue.computeIfAbsent(entry.queue(), (name) -> new ArrayList<>()).add(entry);
			}
		}
		byQueue.forEach((waiters, owed) -> settled.addAll(release(queue, waiters, owed)));
		this.store.settle(queue, settled);
		boolean left = false;
		for (String condition : drains) {
			left |= !drain || drainOnce(queue, condition);
		}
		return left;
	}

	/**
	 * Moves and releases one batch of a met condition's waiters; true when more are left.
	 */
	private boolean drainOnce(String queue, String condition) {
		try {
			return carryOut(queue, this.store.drain(queue, condition), false);
		}
		catch (RuntimeException ex) {
			logger.warn(
					"Could not move the tasks waiting for {} in queue '{}' to their releases: {}; the sweep retries",
					condition, queue, ex.toString());
			return false;
		}
	}

	/**
	 * Releases owed by {@code queue} to tasks of {@code waiters}: the entries carried
	 * out.
	 */
	private List<String> release(String queue, String waiters, List<OwedEntry> owed) {
		try {
			this.store.releaseAll(waiters, owed.stream()
				.map((entry) -> new FlowStore.Release(entry.id(), new EnqueueRequest.Awaited(queue, entry.condition())))
				.toList());
			return owed.stream().map(OwedEntry::raw).toList();
		}
		catch (RuntimeException ex) {
			logger.warn("Could not release {} task(s) of queue '{}' waiting for tasks of queue '{}': {}; the sweep "
					+ "retries them", owed.size(), waiters, queue, ex.toString());
			return List.of();
		}
	}

	private static String abbreviate(String text) {
		String flat = text.replaceAll("\\p{Cntrl}", "?");
		return (flat.length() > 200) ? flat.substring(0, 200) + "..." : flat;
	}

}
