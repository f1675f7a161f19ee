package io.github.asynctask.context;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import io.micrometer.context.ContextAccessor;
import org.jspecify.annotations.Nullable;

/**
 * The context values of one task, keyed by accessor key: what a {@code ContextSnapshot}
 * is written into at the submit and read from on the worker. Confined to one thread.
 */
final class HeaderContext {

	final Map<Object, Object> values = new LinkedHashMap<>();

	/** Lets a {@code ContextSnapshot} read and write a {@link HeaderContext}. */
	static final class Accessor implements ContextAccessor<HeaderContext, HeaderContext> {

		@Override
		public Class<? extends HeaderContext> readableType() {
			return HeaderContext.class;
		}

		@Override
		public void readValues(HeaderContext source, Predicate<Object> keyPredicate, Map<Object, Object> target) {
			source.values.forEach((key, value) -> {
				if (keyPredicate.test(key)) {
					target.put(key, value);
				}
			});
		}

		@Override
		@SuppressWarnings("unchecked")
		public <T> @Nullable T readValue(HeaderContext source, Object key) {
			return (T) source.values.get(key);
		}

		@Override
		public Class<? extends HeaderContext> writeableType() {
			return HeaderContext.class;
		}

		@Override
		public HeaderContext writeValues(Map<Object, Object> values, HeaderContext target) {
			target.values.putAll(values);
			return target;
		}

	}

}
