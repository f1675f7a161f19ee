package io.github.asynctask.redis.script;

import io.github.asynctask.RedisUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * How script failures read: which ones mean Redis lost the script ({@code NOSCRIPT}), and
 * the {@link RedisUnavailableException} naming the script, the queue and what Lettuce
 * said.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class ScriptFailures {

	private ScriptFailures() {
	}

	static boolean isNoScript(@Nullable Throwable ex) {
		for (Throwable t = ex; t != null; t = t.getCause()) {
			if (t.getMessage() != null && t.getMessage().contains("NOSCRIPT")) {
				return true;
			}
		}
		return false;
	}

	static RedisUnavailableException failure(String what, String queue, Throwable cause) {
		return new RedisUnavailableException(
				"Redis could not run " + what + " for queue '" + queue + "': " + rootMessage(cause), cause);
	}

	/** The innermost cause's message (what Lettuce says went wrong). */
	public static String rootMessage(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return (root.getMessage() != null) ? root.getMessage() : root.getClass().getSimpleName();
	}

}
