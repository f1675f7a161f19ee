package io.github.asynctask.definition;

import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Every task method of the application, by name. Only methods found here are ever
 * invoked.
 */
public interface TaskRegistry {

	/** The task of this name, if registered. */
	Optional<TaskDefinition> find(String name);

	/** The task declared by this method (as seen on the user's class), if any. */
	Optional<TaskDefinition> find(Method method);

	/** All registered tasks. */
	Collection<TaskDefinition> definitions();

	/** Every queue some task submits to by default. */
	Set<String> queues();

}
