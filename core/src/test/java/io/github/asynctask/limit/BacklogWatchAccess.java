package io.github.asynctask.limit;

import java.util.function.LongSupplier;

import io.github.asynctask.redis.RedisBroker;

/** Builds a {@link BacklogWatch} on a test clock for tests in other packages. */
public final class BacklogWatchAccess {

	private BacklogWatchAccess() {
	}

	public static BacklogWatch watch(RedisBroker broker, BacklogLimits limits, LongSupplier nanoTime) {
		return new BacklogWatch(broker, limits, nanoTime);
	}

}
