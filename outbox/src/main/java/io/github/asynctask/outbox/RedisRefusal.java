package io.github.asynctask.outbox;

import java.util.Locale;
import java.util.Set;

import io.lettuce.core.RedisCommandExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * Tells a call Redis refused for what it carried (a script refusing an argument, a key of
 * another type) from one Redis could not serve now (unreachable, no reply in time, or an
 * error reply that passes: {@code OOM}, {@code LOADING}, {@code READONLY}, ...). Only the
 * first kind is the fault of a row; sending it again changes nothing.
 */
final class RedisRefusal {

	/** Error codes that say Redis cannot serve calls now, whatever they carry. */
	private static final Set<String> PASSING = Set.of("OOM", "LOADING", "BUSY", "READONLY", "MASTERDOWN", "CLUSTERDOWN",
			"TRYAGAIN", "NOREPLICAS", "MISCONF", "NOSCRIPT", "NOPERM", "NOAUTH", "WRONGPASS", "MOVED", "ASK",
			"EXECABORT", "UNBLOCKED");

	private RedisRefusal() {
	}

	/**
	 * Redis's error text when it answered the failed call with an error about what the
	 * call carried, else null.
	 */
	static @Nullable String reason(@Nullable Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof RedisCommandExecutionException answer) {
				String message = (answer.getMessage() != null) ? answer.getMessage() : "";
				return PASSING.contains(code(message)) ? null : message;
			}
		}
		return null;
	}

	private static String code(String message) {
		int space = message.indexOf(' ');
		return ((space < 0) ? message : message.substring(0, space)).toUpperCase(Locale.ROOT);
	}

}
