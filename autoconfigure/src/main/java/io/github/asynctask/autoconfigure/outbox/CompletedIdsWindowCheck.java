package io.github.asynctask.autoconfigure.outbox;

import java.time.Duration;

/**
 * Refuses a completed-ids window that does not cover how long an outbox row can wait for
 * the relay. A row whose task reached Redis but whose delete was lost (a crash right
 * after the after-commit send, or a relay crashing before its delete) is sent again by
 * the relay; Redis answers "already exists" only while the task, or its id in the
 * completed-ids window, is there, so a shorter window runs the task twice.
 */
final class CompletedIdsWindowCheck {

	/**
	 * Beyond relay-after and one relay interval: rounds behind a backlog, a slow or
	 * failing-over database.
	 */
	static final Duration MARGIN = Duration.ofMinutes(5);

	private CompletedIdsWindowCheck() {
	}

	/**
	 * @throws IllegalStateException naming the properties when the window is too short
	 */
	static void check(Duration completedIds, OutboxProperties outbox) {
		Duration needed = outbox.getRelayAfter().plus(outbox.getRelayInterval()).plus(MARGIN);
		if (completedIds.compareTo(needed) < 0) {
			throw new IllegalStateException("async-task.retention.completed-ids (" + completedIds
					+ ") must cover how long an outbox row can wait for the relay: at least async-task.outbox.relay-after ("
					+ outbox.getRelayAfter() + ") + async-task.outbox.relay-interval (" + outbox.getRelayInterval()
					+ ") + " + MARGIN.toMinutes() + " minutes = " + needed
					+ "; otherwise a row sent again after its task completed runs the task twice. Raise "
					+ "async-task.retention.completed-ids (default 1h) or lower async-task.outbox.relay-after");
		}
	}

}
