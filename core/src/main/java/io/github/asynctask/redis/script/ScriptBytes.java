package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Keys and arguments of a script call as the bytes Lettuce sends, built without an
 * intermediate {@code String} where a caller holds numbers, so that the calls a worker
 * makes per fetch and per ack can keep their per-queue keys encoded once.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class ScriptBytes {

	private ScriptBytes() {
	}

	/** A text argument or key in UTF-8. */
	public static byte[] utf8(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	/** Each value in UTF-8. */
	public static byte[][] utf8(List<String> values) {
		byte[][] result = new byte[values.size()][];
		for (int i = 0; i < result.length; i++) {
			result[i] = utf8(values.get(i));
		}
		return result;
	}

	/** A number in decimal, as {@link Long#toString(long)} writes it. */
	public static byte[] decimal(long value) {
		if (value < 0) {
			return utf8(Long.toString(value));
		}
		int digits = 1;
		for (long rest = value / 10; rest > 0; rest /= 10) {
			digits++;
		}
		byte[] bytes = new byte[digits];
		long rest = value;
		for (int i = digits - 1; i >= 0; i--) {
			bytes[i] = (byte) ('0' + (rest % 10));
			rest /= 10;
		}
		return bytes;
	}

}
