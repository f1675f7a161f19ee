package io.github.asynctask.autoconfigure.console;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The console's static page, scripts and style sheet, served from the classpath, and its
 * JSON documents, kept in a native image. Registered in
 * {@code META-INF/spring/aot.factories}.
 */
public final class ConsoleRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern(ConsolePageController.ASSETS + "*");
		// the endpoint answers some documents as WebEndpointResponse<Object>, which AOT
		// cannot see through: every document type is bound for JSON explicitly
		BindingReflectionHintsRegistrar bindings = new BindingReflectionHintsRegistrar();
		bindings.registerReflectionHints(hints.reflection(), Views.class.getDeclaredClasses());
		bindings.registerReflectionHints(hints.reflection(), BrowseViews.class.getDeclaredClasses());
		bindings.registerReflectionHints(hints.reflection(), BatchViews.class.getDeclaredClasses());
	}

}
