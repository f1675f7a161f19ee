package io.github.asynctask.codec;

import org.jspecify.annotations.Nullable;

/**
 * Reads the arguments of the plainest payload, {@code {"v":1,"args":["a","b"]}}, without
 * a parser: only string arguments without escapes or control characters, no headers and
 * no timeout. Anything else answers {@code null} and Jackson reads the payload; the codec
 * uses this only when every parameter is a {@link String} that Jackson would read as is,
 * so both give the same arguments.
 */
final class PlainStringArgs {

	static final String PREFIX = "{\"v\":" + JacksonTaskCodec.VERSION + ",\"args\":[";

	private static final String SUFFIX = "]}";

	private PlainStringArgs() {
	}

	/**
	 * The {@code count} string arguments of the payload, or {@code null} when it is not
	 * of the plain form with exactly that many.
	 */
	static @Nullable Object @Nullable [] read(String payload, int count) {
		if (!payload.startsWith(PREFIX) || !payload.endsWith(SUFFIX)) {
			return null;
		}
		int end = payload.length() - SUFFIX.length();
		int at = PREFIX.length();
		Object[] args = new Object[count];
		int index = 0;
		while (at < end) {
			if (index == count || (index > 0 && payload.charAt(at++) != ',')) {
				return null;
			}
			int close = closingQuote(payload, at, end);
			if (close < 0) {
				return null;
			}
			args[index++] = payload.substring(at + 1, close);
			at = close + 1;
		}
		return (at == end && index == count) ? args : null;
	}

	/**
	 * Where the string starting at {@code at} closes, or -1 when there is none before
	 * {@code end}, no string starts there, or it holds an escape or a control character.
	 */
	private static int closingQuote(String payload, int at, int end) {
		if (at >= end || payload.charAt(at) != '"') {
			return -1;
		}
		for (int i = at + 1; i < end; i++) {
			char c = payload.charAt(i);
			if (c == '"') {
				return i;
			}
			if (c == '\\' || c < 0x20) {
				return -1;
			}
		}
		return -1;
	}

}
