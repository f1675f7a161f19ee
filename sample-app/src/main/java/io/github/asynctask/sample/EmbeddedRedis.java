package io.github.asynctask.sample;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import redis.embedded.RedisServer;
import redis.embedded.core.ExecutableProvider;

/**
 * A throw-away Redis process for the sample: the binary shipped in the
 * {@code embedded-redis} jar, or else a {@code redis-server} found on the PATH. It binds
 * to the loopback address only and writes nothing to disk.
 */
final class EmbeddedRedis {

	private final RedisServer server;

	private final int port;

	private final String source;

	private EmbeddedRedis(RedisServer server, int port, String source) {
		this.server = server;
		this.port = port;
		this.source = source;
	}

	/**
	 * Start one on the port, trying each binary in turn.
	 * @throws IllegalStateException with every cause when no binary could start
	 */
	static EmbeddedRedis start(int port) {
		List<String> failures = new ArrayList<>();
		try {
			return start(port, ExecutableProvider.newJarResourceProvider(), "Redis binary of the embedded-redis jar");
		}
		catch (IOException | RuntimeException ex) {
			failures.add("embedded-redis jar: " + ex);
		}
		try {
			return start(port, ExecutableProvider.newExecutableInPath("redis-server"), "redis-server on the PATH");
		}
		catch (IOException | RuntimeException ex) {
			failures.add("redis-server on the PATH: " + ex);
		}
		throw new IllegalStateException("Could not start an embedded Redis on port " + port + ": " + failures);
	}

	private static EmbeddedRedis start(int port, ExecutableProvider executable, String source) throws IOException {
		RedisServer server = RedisServer.newRedisServer()
			.executableProvider(executable)
			.port(port)
			.bind("127.0.0.1")
			.setting("save \"\"")
			.setting("appendonly no")
			.onShutdownForceStop(false)
			.build();
		server.start();
		return new EmbeddedRedis(server, port, source);
	}

	int port() {
		return this.port;
	}

	String source() {
		return this.source;
	}

	void stop() {
		try {
			this.server.stop();
		}
		catch (IOException ex) {
			// The process is on its way out anyway.
		}
	}

}
