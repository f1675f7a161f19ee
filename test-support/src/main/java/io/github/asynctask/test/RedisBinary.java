package io.github.asynctask.test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * Finds an executable such as {@code redis-server}: an environment variable naming it
 * wins, else the {@code PATH}; for {@code redis-server}, else the binary embedded-redis
 * ships ({@link EmbeddedRedisBinary}). The environment is passed in so tests need not
 * mutate the real one.
 */
final class RedisBinary {

	/**
	 * Environment variable naming the {@code redis-server} executable, or
	 * {@value #EMBEDDED} for the embedded one even when another is installed.
	 */
	static final String SERVER_ENV = "REDIS_SERVER_BIN";

	/** {@value #SERVER_ENV} value choosing the binary embedded-redis ships. */
	static final String EMBEDDED = "embedded";

	private RedisBinary() {
	}

	/**
	 * Locates {@code redis-server}: {@value #SERVER_ENV}, the {@code PATH}, else the
	 * embedded one.
	 * @param env the environment lookup, usually {@code System::getenv}
	 * @return the path of the executable
	 * @throws IllegalStateException telling how to install it or set {@value #SERVER_ENV}
	 */
	static Path server(Function<String, @Nullable String> env) {
		return server(env, EmbeddedRedisBinary::extract);
	}

	/**
	 * As {@link #server(Function)}, with the embedded binary given (null: none for this
	 * platform).
	 */
	static Path server(Function<String, @Nullable String> env, Supplier<@Nullable Path> embedded) {
		String configured = env.apply(SERVER_ENV);
		boolean embeddedOnly = EMBEDDED.equals(configured);
		Path found = embeddedOnly ? null : find("redis-server", SERVER_ENV, env);
		if (found == null && (configured == null || configured.isBlank() || embeddedOnly)) {
			found = embedded.get();
		}
		if (found == null) {
			String where = embeddedOnly ? "embedded-redis ships no redis-server for this platform"
					: (configured != null) ? SERVER_ENV + "=" + configured + " is not an executable file"
							: "redis-server is not on the PATH and embedded-redis ships none for this platform";
			throw new IllegalStateException("Cannot start a Redis for the tests: " + where
					+ ". Install it (Debian/Ubuntu: 'apt-get install redis-server', macOS: 'brew install redis'), "
					+ "or set " + SERVER_ENV + " to the redis-server executable, "
					+ "or set ASYNCTASK_TEST_REDIS_URL=redis://host:port to use a running server.");
		}
		return found;
	}

	/**
	 * Locates an executable by environment variable, else on the {@code PATH}.
	 * @return the path, or {@code null} if not found (or the variable names no
	 * executable)
	 */
	static @Nullable Path find(String name, String envVariable, Function<String, @Nullable String> env) {
		String configured = env.apply(envVariable);
		if (configured != null && !configured.isBlank()) {
			Path path = Path.of(configured);
			return isExecutable(path) ? path : null;
		}
		String searchPath = env.apply("PATH");
		if (searchPath == null) {
			return null;
		}
		for (String dir : searchPath.split(File.pathSeparator)) {
			if (!dir.isEmpty()) {
				Path candidate = Path.of(dir, name);
				if (isExecutable(candidate)) {
					return candidate;
				}
			}
		}
		return null;
	}

	private static boolean isExecutable(Path path) {
		return Files.isRegularFile(path) && Files.isExecutable(path);
	}

}
