package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One Lua script of the {@code scripts/} folder, with the helpers of the shared
 * {@code lib.lua} it calls in front ({@link LuaSources}), read once and identified by its
 * SHA-1 for {@code EVALSHA}.
 *
 * @param name the file name without {@code .lua}
 * @param source the full text sent to Redis
 * @param sha1 the hex SHA-1 Redis knows the script by
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public record LuaScript(String name, byte[] source, String sha1) {

	public static LuaScript load(String name) {
		byte[] bytes = LuaSources.of(name).getBytes(StandardCharsets.UTF_8);
		return new LuaScript(name, bytes, sha1(bytes));
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
