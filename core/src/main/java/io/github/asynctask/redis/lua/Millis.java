package io.github.asynctask.redis.lua;

import java.time.Duration;

/** A duration as the whole milliseconds the scripts take, never negative. */
final class Millis {

	private Millis() {
	}

	static String arg(Duration duration) {
		return Long.toString(Math.max(0, duration.toMillis()));
	}

}
