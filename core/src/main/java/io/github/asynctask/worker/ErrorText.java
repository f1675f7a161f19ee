package io.github.asynctask.worker;

/**
 * The last-error text stored with a task: class and message of the error and its causes,
 * bounded so a huge message cannot bloat Redis.
 */
final class ErrorText {

	/** Most characters stored. */
	static final int MAX_LENGTH = 2048;

	private static final int MAX_CAUSES = 5;

	private ErrorText() {
	}

	static String of(Throwable error) {
		StringBuilder text = new StringBuilder();
		Throwable current = error;
		for (int depth = 0; current != null && depth <= MAX_CAUSES; depth++) {
			if (depth > 0) {
				text.append("; caused by ");
			}
			text.append(current.getClass().getName());
			if (current.getMessage() != null) {
				text.append(": ").append(current.getMessage());
			}
			if (text.length() >= MAX_LENGTH || current.getCause() == current) {
				break;
			}
			current = current.getCause();
		}
		return (text.length() <= MAX_LENGTH) ? text.toString() : text.substring(0, MAX_LENGTH - 3) + "...";
	}

}
