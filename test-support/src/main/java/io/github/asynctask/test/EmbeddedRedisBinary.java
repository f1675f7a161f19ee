package io.github.asynctask.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * The {@code redis-server} that the embedded-redis artifact ships for this platform
 * (Redis 6.2.6 on Linux x86-64 and macOS, 6.2.7 on Linux arm64), copied out of its jar
 * once per machine into {@code <java.io.tmpdir>/async-task-redis/}, so a machine with
 * only a JDK runs the tests.
 */
final class EmbeddedRedisBinary {

	private EmbeddedRedisBinary() {
	}

	/**
	 * The binary, extracted if not yet; {@code null} when embedded-redis ships none for
	 * this platform (or is not on the class path).
	 */
	static @Nullable Path extract() {
		String resource = resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
		if (resource == null || EmbeddedRedisBinary.class.getClassLoader().getResource(resource) == null) {
			return null;
		}
		Path target = Path.of(System.getProperty("java.io.tmpdir"), "async-task-redis", resource);
		try {
			if (!Files.isExecutable(target)) {
				copy(resource, target);
			}
			return target;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot copy " + resource + " out of the embedded-redis jar to " + target
					+ "; install redis-server instead (apt-get install redis-server, brew install redis)", ex);
		}
	}

	/** The jar's file for an {@code os.name} and {@code os.arch}; null for none. */
	static @Nullable String resourceName(String osName, String osArch) {
		String os = osName.toLowerCase(Locale.ROOT);
		boolean arm = osArch.equals("aarch64") || osArch.equals("arm64");
		boolean x64 = osArch.equals("amd64") || osArch.equals("x86_64");
		if (os.contains("linux")) {
			return x64 ? "redis-server-6.2.6-v5-linux-amd64" : arm ? "redis-server-6.2.7-linux-arm64" : null;
		}
		if (os.contains("mac")) {
			return x64 ? "redis-server-6.2.6-v5-darwin-amd64" : arm ? "redis-server-6.2.6-v5-darwin-arm64" : null;
		}
		return null;
	}

	// Copied beside the target and moved into place, so JVMs extracting at the same time
	// (parallel forks) never run a half-written file.
	private static void copy(String resource, Path target) throws IOException {
		Files.createDirectories(target.getParent());
		Path partial = Files.createTempFile(target.getParent(), resource, ".part");
		try (InputStream in = EmbeddedRedisBinary.class.getClassLoader().getResourceAsStream(resource)) {
			Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
			if (!partial.toFile().setExecutable(true)) {
				throw new IOException("cannot make " + partial + " executable");
			}
			try {
				Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			}
			catch (AtomicMoveNotSupportedException ex) {
				Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
			}
		}
		finally {
			Files.deleteIfExists(partial);
		}
	}

}
