package io.github.asynctask.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One Lua script of the {@code scripts/} folder, with the shared {@code lib.lua} in
 * front, read once and identified by its SHA-1 for {@code EVALSHA}.
 *
 * @param name the file name without {@code .lua}
 * @param source the full text sent to Redis
 * @param sha1 the hex SHA-1 Redis knows the script by
 */
record LuaScript(String name, byte[] source, String sha1) {

	private static final String FOLDER = "scripts/";

	static LuaScript load(String name) {
		String source = read("lib") + "\n" + read(name);
		byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
		return new LuaScript(name, bytes, sha1(bytes));
	}

	private static String read(String name) {
		String path = FOLDER + name + ".lua";
		try (InputStream in = LuaScript.class.getResourceAsStream(path)) {
			if (in == null) {
				throw new IllegalStateException("Lua script " + path + " is missing from the async-task-core jar");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read Lua script " + path, ex);
		}
	}

	private static String sha1(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-1 is missing from this JVM", ex);
		}
	}

}
