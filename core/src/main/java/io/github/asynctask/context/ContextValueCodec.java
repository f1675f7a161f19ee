package io.github.asynctask.context;

import io.micrometer.context.ThreadLocalAccessor;
import org.jspecify.annotations.Nullable;

/**
 * The SPI for carrying one thread-local value from the submitting thread to the task run:
 * the value of the {@link ThreadLocalAccessor} with {@link #key()} is read at the submit,
 * written as the header {@code context.<name>}, read back on the worker and set around
 * the body (and reset afterwards). Declare an implementation as a bean.
 *
 * @param <V> the type of the thread-local value
 */
public interface ContextValueCodec<V> {

	/** Prefix of every header this SPI writes. */
	String HEADER_PREFIX = "context.";

	/**
	 * The key of the {@link ThreadLocalAccessor} whose value this carries: one registered
	 * in {@code ContextRegistry.getInstance()}, declared as a bean, or returned by
	 * {@link #accessor()}.
	 */
	Object key();

	/** Short name of the value; the header is {@code context.<name>}. */
	String name();

	/**
	 * The value as header text, stored in clear with the task.
	 * @return the text, or {@code null} to carry nothing for this value
	 */
	@Nullable String encode(V value);

	/**
	 * The value rebuilt from the header text on the worker.
	 * @throws IllegalArgumentException when the text cannot be read; the task goes dead
	 * with the reason instead of running without its context
	 */
	V decode(String text);

	/** An accessor of this codec's own, or {@code null} to look {@link #key()} up. */
	default @Nullable ThreadLocalAccessor<V> accessor() {
		return null;
	}

	/** The header this value travels in. */
	default String header() {
		return HEADER_PREFIX + name();
	}

	/**
	 * A codec for a string thread-local registered under {@code key}, carried as is.
	 * @param key the accessor's key
	 * @param name the header's short name
	 */
	static ContextValueCodec<String> ofString(Object key, String name) {
		return new StringContextCodec(key, name);
	}

}
