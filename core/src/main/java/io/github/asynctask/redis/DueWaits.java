package io.github.asynctask.redis;

import java.util.List;

/**
 * What one sweep of a queue's waiting tasks did.
 *
 * @param dead how many went to dead (unreadable data)
 * @param checks the others, to be registered again with what they still wait for
 */
public record DueWaits(int dead, List<Check> checks) {

	/**
	 * A waiting task to check again.
	 *
	 * @param id the task id
	 * @param kind where its wait stands
	 * @param left the JSON array of queue, condition pairs it still waits for, as stored
	 * (not trusted: validated by the reader)
	 * @param millisLeft how long until its wait deadline (zero or less: passed)
	 */
	public record Check(String id, Kind kind, String left, long millisLeft) {
	}

	/** Where a checked task's wait stands. */
	public enum Kind {

		/** Still waiting before its deadline: register it again. */
		WAITING,

		/**
		 * Its deadline passed: register it again, and move it to dead unless that
		 * released it.
		 */
		EXPIRED,

		/** Deleted meanwhile: forget its registrations. */
		GONE

	}

}
