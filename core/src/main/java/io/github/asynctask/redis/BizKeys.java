package io.github.asynctask.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The part of a dedup key or flow condition naming one task name and bizId
 * ({@link RedisKeys#bizKey}), long bizIds hashed so that any content is safe.
 */
final class BizKeys {

	/**
	 * bizIds longer than this are replaced by their SHA-256 in key names (and not stored
	 * on the task: lib.lua MAX_STORED_BIZ_ID follows this value).
	 */
	static final int MAX_RAW_BIZ_ID = 64;

	private BizKeys() {
	}

	static String of(String taskName, String bizId) {
		String id = (bizId.length() > MAX_RAW_BIZ_ID) ? "sha256:" + sha256(bizId) : bizId;
		return taskName.length() + ":" + taskName + ":" + id;
	}

	private static String sha256(String value) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is missing from this JVM", ex);
		}
	}

}
