package io.github.asynctask.test;

import org.jspecify.annotations.Nullable;

/**
 * The Redis of the test class running now, for {@link RedisForSpringBootTests} (an
 * interface cannot hold it). Test classes of one JVM run one after the other.
 */
final class CurrentRedis {

	private static volatile @Nullable RedisServer server;

	private CurrentRedis() {
	}

	static void set(RedisServer current) {
		server = current;
	}

	static RedisServer get() {
		RedisServer current = server;
		if (current == null) {
			throw new IllegalStateException(
					"No Redis yet: RedisForSpringBootTests sets it in @BeforeAll, before the context starts");
		}
		return current;
	}

}
