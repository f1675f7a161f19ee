package io.github.asynctask.aop;

import org.jspecify.annotations.Nullable;

/**
 * What the last task body run on this thread returned, handed from the body invoker to
 * the worker without widening the interceptor contract: the body runs on the worker's own
 * thread, so a thread-local carries it across the interceptor chain.
 */
public final class BodyResult {

	private static final ThreadLocal<@Nullable Object> VALUE = new ThreadLocal<>();

	private BodyResult() {
	}

	static void set(@Nullable Object value) {
		VALUE.set(value);
	}

	/** The value the last body returned on this thread, cleared by the call. */
	public static @Nullable Object take() {
		Object value = VALUE.get();
		if (value != null) {
			// cleared by a null rather than removed: a pool thread keeps its entry
			// instead
			// of allocating a new one per task
			VALUE.set(null);
		}
		return value;
	}

}
