package io.github.asynctask.aot;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The engine's own hints: the Lua scripts, read from the classpath when the broker
 * starts. Registered in {@code META-INF/spring/aot.factories}.
 */
public final class AsyncTaskRuntimeHints implements RuntimeHintsRegistrar {

	/** Where the scripts are, as a resource pattern. */
	public static final String SCRIPTS = "io/github/asynctask/redis/scripts/*.lua";

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern(SCRIPTS);
	}

}
