package io.github.asynctask.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import io.github.asynctask.redis.LuaRedisBroker;

/**
 * The broker's Lua scripts as async-task sends them ({@code lib.lua} in front of the
 * transition's file), read from the core jar so the raw-Redis row runs exactly the same
 * transitions.
 */
final class CoreScripts {

	private CoreScripts() {
	}

	static String source(String name) {
		return read("lib") + "\n" + read(name);
	}

	private static String read(String name) {
		String path = "scripts/" + name + ".lua";
		try (InputStream in = LuaRedisBroker.class.getResourceAsStream(path)) {
			if (in == null) {
				throw new IllegalStateException("Lua script " + path + " is missing from the async-task-core jar");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
