package io.github.asynctask.redis;

import java.util.List;

/**
 * What one sweep of a queue's waiting tasks did.
 *
 * @param dead how many went to dead (wait timeout or unreadable data)
 * @param checks the others, to be registered again with what they still wait for
 */
public record DueWaits(int dead, List<Check> checks) {

	/**
	 * A waiting task to check again.
	 *
	 * @param id the task id
	 * @param left the JSON array of queue, condition pairs it still waits for, as stored
	 * (not trusted: validated by the reader)
	 */
	public record Check(String id, String left) {
	}

}
