package io.github.asynctask.aop;

import io.github.asynctask.definition.TaskDefinition;
import org.jspecify.annotations.Nullable;

/**
 * A one-shot token saying which task's next invocation on this thread runs its body
 * instead of submitting. The interceptor consumes it at once, so any task method the body
 * calls (even the same one) is submitted as usual.
 */
final class InvocationBypass {

	private static final ThreadLocal<@Nullable TaskDefinition> NEXT = new ThreadLocal<>();

	private InvocationBypass() {
	}

	static void allow(TaskDefinition definition) {
		NEXT.set(definition);
	}

	/** Whether this invocation of the task may run its body; consumes the token. */
	static boolean consume(TaskDefinition definition) {
		TaskDefinition allowed = NEXT.get();
		if (allowed != null && allowed.name().equals(definition.name())
				&& allowed.method().equals(definition.method())) {
			// cleared by a null rather than removed: a pool thread keeps its entry
			NEXT.set(null);
			return true;
		}
		return false;
	}

	static void clear() {
		NEXT.set(null);
	}

}
