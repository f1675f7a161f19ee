package io.github.asynctask.redis.connection;

import java.util.Properties;

import org.jspecify.annotations.Nullable;

/**
 * A Redis server version as {@code INFO server} reports it ({@code redis_version}; Valkey
 * reports the Redis version it is compatible with there too).
 *
 * @param major the major version
 * @param minor the minor version
 * @param patch the patch version
 */
public record RedisVersion(int major, int minor, int patch) implements Comparable<RedisVersion> {

	/**
	 * The oldest Redis the scripts run on: fetching pops many tasks with one
	 * {@code RPOP key count}, added in 6.2.
	 */
	public static final RedisVersion MINIMUM = new RedisVersion(6, 2, 0);

	/** Parse {@code 7.0.15}; {@code null} when the text is no version. */
	public static @Nullable RedisVersion parse(@Nullable String text) {
		if (text == null) {
			return null;
		}
		String[] parts = text.strip().split("\\.");
		try {
			return new RedisVersion(Integer.parseInt(parts[0]), (parts.length > 1) ? Integer.parseInt(parts[1]) : 0,
					(parts.length > 2) ? Integer.parseInt(parts[2]) : 0);
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	/**
	 * The oldest {@code redis_version} in an {@code INFO server} reply; a Cluster reply
	 * holds one per node, keyed {@code host:port.redis_version}.
	 */
	public static @Nullable RedisVersion oldest(@Nullable Properties info) {
		RedisVersion oldest = null;
		if (info != null) {
			for (String key : info.stringPropertyNames()) {
				if (key.equals("redis_version") || key.endsWith(".redis_version")) {
					RedisVersion version = parse(info.getProperty(key));
					if (version != null && (oldest == null || version.compareTo(oldest) < 0)) {
						oldest = version;
					}
				}
			}
		}
		return oldest;
	}

	/** Whether the scripts run on this version. */
	public boolean isSupported() {
		return compareTo(MINIMUM) >= 0;
	}

	@Override
	public int compareTo(RedisVersion other) {
		int byMajor = Integer.compare(this.major, other.major);
		int byMinor = (byMajor != 0) ? byMajor : Integer.compare(this.minor, other.minor);
		return (byMinor != 0) ? byMinor : Integer.compare(this.patch, other.patch);
	}

	@Override
	public String toString() {
		return this.major + "." + this.minor + "." + this.patch;
	}

}
