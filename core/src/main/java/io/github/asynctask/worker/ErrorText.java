package io.github.asynctask.worker;

/**
 * The last-error text stored with a task: class and message of the error and its causes,
 * bounded so a huge message cannot bloat Redis. A cause whose message the text already
 * says (wrappers quote their cause) contributes only its class, so each message appears
 * once.
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
			String message = current.getMessage();
			if (message != null && !(depth > 0 && alreadySaid(text, message))) {
				text.append(": ").append(message);
			}
			if (text.length() >= MAX_LENGTH || current.getCause() == current) {
				break;
			}
			current = current.getCause();
		}
		return (text.length() <= MAX_LENGTH) ? text.toString() : text.substring(0, MAX_LENGTH - 3) + "...";
	}

	/**
	 * Whether the text holds the message, or its first line: Jackson appends the source
	 * location on a second line that wrappers leave out when they quote the message.
	 */
	private static boolean alreadySaid(StringBuilder text, String message) {
		int newline = message.indexOf('\n');
		String firstLine = (newline >= 0) ? message.substring(0, newline) : message;
		return !firstLine.isBlank() && text.indexOf(firstLine) >= 0;
	}

}
