package io.github.asynctask.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Chooses where a test's Redis comes from: the URL in {@value #URL_ENV}, else a
 * Testcontainers container when Docker answers, else a local {@code redis-server}
 * process.
 */
final class RedisSources {

	/**
	 * Environment variable with the URL of an external Redis to use instead of starting
	 * one.
	 */
	static final String URL_ENV = "ASYNCTASK_TEST_REDIS_URL";

	private static final String TESTCONTAINERS_CLASS = "org.testcontainers.DockerClientFactory";

	private RedisSources() {
	}

	/**
	 * Provides a Redis, flushed if it is shared.
	 * @param env the environment lookup, usually {@code System::getenv}
	 */
	static Provided open(Function<String, @Nullable String> env) {
		String url = env.apply(URL_ENV);
		if (url != null && !url.isBlank()) {
			ExternalRedis external = ExternalRedis.parse(url);
			external.flushAll();
			return new Provided(external, external);
		}
		if (dockerAnswers(env)) {
			ContainerRedis container = ContainerRedis.launch();
			return new Provided(container, container);
		}
		RedisProcess process = RedisProcess.start(env);
		return new Provided(process, process);
	}

	/**
	 * Cheap checks first (a Docker endpoint configured or a socket present,
	 * Testcontainers on the class path), so machines without Docker never pay for
	 * Testcontainers' probing.
	 */
	private static boolean dockerAnswers(Function<String, @Nullable String> env) {
		boolean endpoint = env.apply("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"));
		if (!endpoint || !isPresent(TESTCONTAINERS_CLASS)) {
			return false;
		}
		try {
			return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
		}
		catch (RuntimeException | LinkageError ex) {
			return false;
		}
	}

	private static boolean isPresent(String className) {
		try {
			Class.forName(className, false, RedisSources.class.getClassLoader());
			return true;
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	/** A server and how to release it: stop our own, leave a shared one running. */
	record Provided(RedisServer server, AutoCloseable closer) implements AutoCloseable {

		@Override
		public void close() throws Exception {
			this.closer.close();
		}

	}

}
