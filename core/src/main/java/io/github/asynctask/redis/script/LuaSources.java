package io.github.asynctask.redis.script;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The text async-task sends to Redis for each of its Lua scripts: the script's file with
 * the helpers of {@code lib.lua} it calls in front ({@link LuaLibrary}). Public for tools
 * that run the scripts themselves or recognise them by SHA-1, such as the benchmarks'
 * raw-Redis row; applications have no use for it.
 */
public final class LuaSources {

	// absolute: the scripts stay in redis/scripts/ while this class lives in
	// redis/script/
	private static final String FOLDER = "/io/github/asynctask/redis/scripts/";

	private static final LuaLibrary LIBRARY = LuaLibrary.parse(read("lib"));

	private LuaSources() {
	}

	/**
	 * The full text of a script.
	 * @param name the file name without {@code .lua}, e.g. {@code dequeue}
	 * @return the text, as sent with {@code SCRIPT LOAD} or {@code EVAL}
	 * @throws IllegalStateException if the core jar has no such script
	 */
	public static String of(String name) {
		return LIBRARY.assemble(read(name));
	}

	private static String read(String name) {
		String path = FOLDER + name + ".lua";
		try (InputStream in = LuaSources.class.getResourceAsStream(path)) {
			if (in == null) {
				throw new IllegalStateException("Lua script " + path + " is missing from the async-task-core jar");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read Lua script " + path, ex);
		}
	}

}
