package io.github.asynctask.sample;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * Keeps the embedded Redis binaries (classpath resources of the embedded-redis jar,
 * copied to disk and started by {@link EmbeddedRedis}) in a native image of the sample.
 */
class EmbeddedRedisRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern("redis-server-*");
	}

}
