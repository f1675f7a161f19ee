package io.github.asynctask.worker;

/**
 * A fetched task names no task this instance defines; it is handed back for an instance
 * that does (see {@link UnknownTasks}).
 */
final class UnknownTaskException extends RuntimeException {

	UnknownTaskException(String name, String queue) {
		super("No task named '" + name + "' is defined on this instance (queue '" + queue + "')");
	}

}
