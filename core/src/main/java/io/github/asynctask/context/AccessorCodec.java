package io.github.asynctask.context;

import io.micrometer.context.ThreadLocalAccessor;

/**
 * A codec that brings its own accessor, under the accessor's key: the built-in codecs,
 * which must not depend on what is registered in the global {@code ContextRegistry}.
 *
 * @param <V> the type of the thread-local value
 */
abstract class AccessorCodec<V> implements ContextValueCodec<V> {

	private final String name;

	private final ThreadLocalAccessor<V> accessor;

	AccessorCodec(String name, ThreadLocalAccessor<V> accessor) {
		this.name = name;
		this.accessor = accessor;
	}

	@Override
	public final Object key() {
		return this.accessor.key();
	}

	@Override
	public final String name() {
		return this.name;
	}

	@Override
	public final ThreadLocalAccessor<V> accessor() {
		return this.accessor;
	}

}
