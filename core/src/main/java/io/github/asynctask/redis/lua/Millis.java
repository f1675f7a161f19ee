package io.github.asynctask.redis.lua;

import java.time.Duration;

import io.github.asynctask.redis.script.ScriptBytes;
import org.jspecify.annotations.Nullable;

/** A duration as the whole milliseconds the scripts take, never negative. */
final class Millis {

	private Millis() {
	}

	static String arg(Duration duration) {
		return Long.toString(Math.max(0, duration.toMillis()));
	}

	/**
	 * {@link #arg} in UTF-8, remembered for the next call with an equal duration: the
	 * calls a worker makes per fetch and per ack pass the same lease and retentions each
	 * time. Callers only read the bytes.
	 */
	static final class Bytes {

		/** Racy but safe: an immutable pair, a lost write only costs a new encoding. */
		private @Nullable Last last;

		byte[] of(Duration duration) {
			Last last = this.last;
			if (last == null || !last.duration().equals(duration)) {
				last = new Last(duration, ScriptBytes.utf8(arg(duration)));
				this.last = last;
			}
			return last.bytes();
		}

		private record Last(Duration duration, byte[] bytes) {
		}

	}

}
