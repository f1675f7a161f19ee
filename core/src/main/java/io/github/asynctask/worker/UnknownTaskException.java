package io.github.asynctask.worker;

import io.github.asynctask.version.NewerTaskVersionException;
import org.jspecify.annotations.Nullable;

/**
 * A fetched task names no task this instance defines, or a version of it newer than this
 * instance's; it is handed back for an instance that does (see {@link UnknownTasks}).
 */
final class UnknownTaskException extends RuntimeException {

	/** The version this instance does not know, {@code null} when the name is unknown. */
	private final @Nullable NewerTaskVersionException newer;

	UnknownTaskException(String name, String queue) {
		super("No task named '" + name + "' is defined on this instance (queue '" + queue + "')");
		this.newer = null;
	}

	UnknownTaskException(String name, String queue, NewerTaskVersionException newer) {
		super(newer.getMessage() + " (queue '" + queue + "')", newer);
		this.newer = newer;
	}

	@Nullable NewerTaskVersionException newer() {
		return this.newer;
	}

}
