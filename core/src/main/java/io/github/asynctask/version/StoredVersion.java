package io.github.asynctask.version;

/**
 * The version a stored payload was written at, read without parsing it: the codec writes
 * {@code "tv"} right after the envelope's {@code "v"} when the version is not 1, so the
 * fetch path looks at the payload's first characters only. Payloads without it (version
 * 1, and every task stored before versions existed) read as version 1.
 */
final class StoredVersion {

	/** How every versioned payload begins (see JacksonTaskCodec#encode). */
	static final String PREFIX = "{\"v\":1,\"tv\":";

	/** Larger versions are not a version anyone wrote; stop reading digits. */
	private static final int MAX_DIGITS = 9;

	private StoredVersion() {
	}

	static int of(String payload) {
		if (!payload.startsWith(PREFIX)) {
			return 1;
		}
		int version = 0;
		int end = Math.min(payload.length(), PREFIX.length() + MAX_DIGITS);
		for (int i = PREFIX.length(); i < end && Character.isDigit(payload.charAt(i)); i++) {
			version = version * 10 + (payload.charAt(i) - '0');
		}
		// "tv":0 or no digits: not written by the codec; the codec says what is wrong
		return Math.max(version, 1);
	}

}
