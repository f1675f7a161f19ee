package io.github.asynctask;

/**
 * Rules for queue names: they end up inside a Redis hash tag, so braces and whitespace
 * are refused, as are empty or overlong names.
 */
public final class QueueName {

	/** Longest accepted queue name. */
	public static final int MAX_LENGTH = 100;

	private QueueName() {
	}

	/** Whether {@link #check} accepts the name. */
	public static boolean isValid(String queue) {
		try {
			check(queue);
			return true;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	/**
	 * Return the name if valid, else throw an {@link IllegalArgumentException} saying
	 * why.
	 */
	public static String check(String queue) {
		if (queue == null || queue.isEmpty()) {
			throw new IllegalArgumentException("Queue name must not be empty");
		}
		if (queue.length() > MAX_LENGTH) {
			throw new IllegalArgumentException("Queue name '" + queue.substring(0, 20) + "...' has " + queue.length()
					+ " characters; at most " + MAX_LENGTH + " are allowed");
		}
		for (int i = 0; i < queue.length(); i++) {
			char c = queue.charAt(i);
			if (c == '{' || c == '}' || Character.isWhitespace(c) || Character.isISOControl(c)) {
				throw new IllegalArgumentException(
						"Queue name '" + queue + "' must not contain braces, whitespace or control characters (found "
								+ describe(c) + " at index " + i + ")");
			}
		}
		return queue;
	}

	private static String describe(char c) {
		return (c == '{' || c == '}') ? "'" + c + "'" : String.format("U+%04X", (int) c);
	}

}
