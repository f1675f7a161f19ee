package io.github.asynctask.aop;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

/**
 * Runs a task's method body on a worker: calls the method through the bean's proxy, so
 * other advice ({@code @Transactional}, security) applies, with a bypass of the submit
 * advice scoped to exactly this one invocation. Task methods the body calls are
 * submitted.
 */
public interface TaskBodyInvoker {

	/**
	 * Invoke the body.
	 * @throws Throwable whatever the body threw, unwrapped from reflection
	 */
	void invoke(TaskDefinition definition, @Nullable Object[] args) throws Throwable;

}
