package io.github.asynctask.context;

import org.jspecify.annotations.Nullable;

/** Carries a string thread-local as is: a tenant id, a correlation id. */
record StringContextCodec(Object key, String name) implements ContextValueCodec<String> {

	@Override
	public @Nullable String encode(String value) {
		return value;
	}

	@Override
	public String decode(String text) {
		return text;
	}

}
