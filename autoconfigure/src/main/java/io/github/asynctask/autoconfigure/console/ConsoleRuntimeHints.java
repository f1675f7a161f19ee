package io.github.asynctask.autoconfigure.console;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The console's static page, script and style sheet, served from the classpath, kept in a
 * native image. Registered in {@code META-INF/spring/aot.factories}.
 */
public final class ConsoleRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern(ConsolePageController.ASSETS + "*");
	}

}
