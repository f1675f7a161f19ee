package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads script replies as Spring Data Redis hands them over: bulk strings as
 * {@code byte[]}, integers as {@link Long}, arrays as {@link List}.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class Replies {

	private Replies() {
	}

	public static String string(Object reply) {
		return (reply instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(reply);
	}

	/**
	 * A bulk string {@code "<head>\n<rest>"} as its two parts, split at the first newline
	 * without copying the whole first; no newline: the whole as head, an empty rest.
	 */
	public static String[] splitAtFirstNewline(Object reply) {
		if (!(reply instanceof byte[] bytes)) {
			String text = String.valueOf(reply);
			int newline = text.indexOf('\n');
			return (newline < 0) ? new String[] { text, "" }
					: new String[] { text.substring(0, newline), text.substring(newline + 1) };
		}
		for (int i = 0; i < bytes.length; i++) {
			if (bytes[i] == '\n') {
				return new String[] { new String(bytes, 0, i, StandardCharsets.UTF_8),
						new String(bytes, i + 1, bytes.length - i - 1, StandardCharsets.UTF_8) };
			}
		}
		return new String[] { new String(bytes, StandardCharsets.UTF_8), "" };
	}

	public static long number(Object reply) {
		return (reply instanceof Number number) ? number.longValue() : Long.parseLong(string(reply));
	}

	public static List<?> list(Object reply) {
		return (reply instanceof List<?> list) ? list : List.of();
	}

	/** A reply that is a bare integer, whether or not the client wrapped it in a list. */
	public static long single(Object reply) {
		return (reply instanceof List<?> list) ? number(list.get(0)) : number(reply);
	}

}
