package io.github.asynctask;

import tools.jackson.databind.node.ArrayNode;

/**
 * Rewrites the stored arguments of one task from one version to the next, so that tasks
 * stored before a change of the method's parameters are read by the new code. A bean of
 * this type is applied before the codec reads the arguments; a task stored at version 1
 * of a method now at version 3 passes through the upcasters from 1 and from 2, in that
 * order. The steps from the oldest upcaster up to the method's
 * {@code @AsyncTask(version)} must all be present, once each; start-up fails naming the
 * missing or doubled step.
 */
public interface TaskUpcaster {

	/** The name of the task whose arguments this rewrites. */
	String taskName();

	/** The version this reads; it writes version {@code fromVersion() + 1}. */
	int fromVersion();

	/**
	 * Turn the arguments of {@link #fromVersion()} into those of the next version.
	 * @param arguments the stored arguments as JSON, one element per parameter in order
	 * @return the arguments of the next version (the same node, changed, or a new one)
	 */
	ArrayNode upcast(ArrayNode arguments);

}
