package io.github.asynctask.definition;

import java.util.List;

import io.github.asynctask.AsyncTaskException;

/**
 * One or more {@code @AsyncTask} methods are invalid; thrown at start-up so the
 * application refuses to start. The message lists every problem with bean and method.
 */
public class InvalidTaskDefinitionException extends AsyncTaskException {

	private final List<String> problems;

	public InvalidTaskDefinitionException(List<String> problems) {
		super(message(problems));
		this.problems = List.copyOf(problems);
	}

	/** Every problem found, one sentence each. */
	public List<String> problems() {
		return this.problems;
	}

	private static String message(List<String> problems) {
		StringBuilder message = new StringBuilder("Invalid @AsyncTask declarations (" + problems.size() + "):");
		problems.forEach((problem) -> message.append("\n - ").append(problem));
		return message.toString();
	}

}
