package io.github.asynctask.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The temporary directory of one {@link RedisProcess}: its data, {@code nodes.conf} and
 * log, deleted with the process.
 */
record RedisDir(Path path) {

	static RedisDir create() {
		try {
			return new RedisDir(Files.createTempDirectory("asynctask-redis-"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a directory for redis-server", ex);
		}
	}

	Path log() {
		return this.path.resolve("redis.log");
	}

	String readLog() {
		try {
			return Files.readString(log());
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	void delete() {
		try (Stream<Path> paths = Files.walk(this.path)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			// Leftover files in the temp directory are harmless.
		}
	}

}
