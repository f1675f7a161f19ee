package io.github.asynctask.context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.context.ThreadLocalAccessor;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

/**
 * Carries the listed SLF4J MDC entries (a request id, a correlation id) as one JSON
 * object in the header {@code context.mdc}; on the worker they are put in the MDC around
 * the body and removed (or put back as they were) afterwards. Only the listed keys
 * travel: the MDC often holds values (trace ids, this library's own task keys) that must
 * not.
 */
public final class MdcContextCodec extends AccessorCodec<Map<String, String>> {

	/** Key of this codec's accessor. */
	public static final String KEY = "asynctask.mdc";

	/**
	 * @param keys the MDC keys to carry
	 */
	public MdcContextCodec(List<String> keys) {
		super("mdc", new Accessor(List.copyOf(keys)));
	}

	@Override
	public @Nullable String encode(Map<String, String> value) {
		return value.isEmpty() ? null : JsonText.write(value);
	}

	@Override
	public Map<String, String> decode(String text) {
		Map<String, String> entries = new LinkedHashMap<>();
		JsonText.read(text, "MDC").forEach((key, value) -> entries.put(key, String.valueOf(value)));
		return entries;
	}

	private record Accessor(List<String> keys) implements ThreadLocalAccessor<Map<String, String>> {

		@Override
		public Object key() {
			return KEY;
		}

		@Override
		public @Nullable Map<String, String> getValue() {
			Map<String, String> entries = new LinkedHashMap<>();
			for (String key : this.keys) {
				String value = MDC.get(key);
				if (value != null) {
					entries.put(key, value);
				}
			}
			return entries.isEmpty() ? null : entries;
		}

		@Override
		public void setValue(Map<String, String> value) {
			setValue();
			// Only listed keys: a forged header cannot overwrite other MDC entries.
			value.forEach((key, entry) -> {
				if (this.keys.contains(key)) {
					MDC.put(key, entry);
				}
			});
		}

		@Override
		public void setValue() {
			this.keys.forEach(MDC::remove);
		}

	}

}
