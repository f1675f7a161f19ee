package io.github.asynctask.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads script replies as Spring Data Redis hands them over: bulk strings as
 * {@code byte[]}, integers as {@link Long}, arrays as {@link List}.
 */
final class Replies {

	private Replies() {
	}

	static String string(Object reply) {
		return (reply instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(reply);
	}

	static long number(Object reply) {
		return (reply instanceof Number number) ? number.longValue() : Long.parseLong(string(reply));
	}

	static List<?> list(Object reply) {
		return (reply instanceof List<?> list) ? list : List.of();
	}

	/** A reply that is a bare integer, whether or not the client wrapped it in a list. */
	static long single(Object reply) {
		return (reply instanceof List<?> list) ? number(list.get(0)) : number(reply);
	}

}
