package io.github.asynctask.test;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * A {@code redis-server} process on a free loopback port with its own temporary
 * directory, started by the test and killed at the latest when the JVM exits. Usable
 * directly: {@code try (var redis = RedisProcess.start("--appendonly", "yes")) { ... }}.
 */
public final class RedisProcess implements RedisServer, AutoCloseable {

	private static final String HOST = "127.0.0.1";

	private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private static final int PORT_ATTEMPTS = 5;

	private final Path binary;

	private final RedisDir dir;

	private final List<String> extraArgs;

	// Set once by the first start (which may retry on another port), then never changes.
	private volatile int port;

	// Guarded by this; replaced by each start.
	private @Nullable Process process;

	private RedisProcess(Path binary, RedisDir dir, List<String> extraArgs) {
		this.binary = binary;
		this.dir = dir;
		this.extraArgs = extraArgs;
	}

	/**
	 * Starts a {@code redis-server} found through {@code REDIS_SERVER_BIN} or the
	 * {@code PATH}, and waits until it answers.
	 * @param extraConfigArgs more configuration, appended to the defaults (so they win),
	 * e.g. {@code "--appendonly", "yes", "--appendfsync", "everysec"}
	 * @return the running server
	 * @throws IllegalStateException if the binary is missing (the message says how to
	 * install it) or the server does not come up
	 */
	public static RedisProcess start(String... extraConfigArgs) {
		return start(System::getenv, extraConfigArgs);
	}

	/**
	 * Starts a {@code redis-server} with the default configuration. Exists because Java
	 * resolves a bare {@code RedisProcess.start()} to the instance method
	 * {@link #start()}.
	 * @return the running server
	 * @see #start(String...)
	 */
	public static RedisProcess startDefault() {
		return start(System::getenv);
	}

	static RedisProcess start(Function<String, @Nullable String> env, String... extraConfigArgs) {
		Path binary = RedisBinary.server(env);
		RedisProcess redis = new RedisProcess(binary, RedisDir.create(), List.of(extraConfigArgs));
		try {
			redis.startOnFreePort();
		}
		catch (RuntimeException ex) {
			redis.close();
			throw ex;
		}
		return redis;
	}

	private synchronized void startOnFreePort() {
		ProcessReaper.track(this);
		for (int attempt = 1;; attempt++) {
			this.port = FreePorts.next();
			try {
				launch();
				return;
			}
			catch (PortTakenException ex) {
				if (attempt == PORT_ATTEMPTS) {
					throw new IllegalStateException("redis-server found no free port after " + attempt + " tries", ex);
				}
			}
		}
	}

	private void launch() {
		List<String> command = new ArrayList<>(List.of(this.binary.toString(), "--port", String.valueOf(this.port),
				"--bind", HOST, "--save", "", "--appendonly", "no", "--daemonize", "no", "--dir",
				this.dir.path().toString(), "--logfile", ""));
		command.addAll(this.extraArgs);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(Redirect.appendTo(this.dir.log().toFile()));
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot run " + this.binary + ": " + ex.getMessage(), ex);
		}
		awaitReady(this.process);
	}

	/**
	 * Waits until our own process (not some other server on the port) answers and has
	 * loaded its data.
	 */
	private void awaitReady(Process started) {
		long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
		String expectedPid = "process_id:" + started.pid() + "\r\n";
		while (System.nanoTime() < deadline) {
			if (!started.isAlive()) {
				String log = this.dir.readLog();
				if (log.contains("Address already in use")) {
					throw new PortTakenException();
				}
				throw new IllegalStateException("redis-server on port " + this.port + " exited with code "
						+ started.exitValue() + " at start-up; its log (" + this.dir.log() + "):\n" + log);
			}
			try {
				String info = RespClient.call(HOST, this.port, authentication(), List.of("INFO"));
				// Redis listens before it starts loading, so "loading:0" can come too
				// early; PING answers LOADING (an error) until the data is in
				if (info != null && info.contains(expectedPid) && info.contains("loading:0\r\n")
						&& "PONG".equals(RespClient.call(HOST, this.port, authentication(), List.of("PING")))) {
					return;
				}
			}
			catch (IllegalStateException ex) {
				// Not listening yet, or still loading.
			}
			Polling.sleep(Duration.ofMillis(20), "redis-server");
		}
		started.destroyForcibly();
		throw new IllegalStateException("redis-server on port " + this.port + " did not answer within "
				+ STARTUP_TIMEOUT.toSeconds() + "s; its log (" + this.dir.log() + "):\n" + this.dir.readLog());
	}

	/** A server started with {@code --requirepass} answers nothing before AUTH. */
	private List<List<String>> authentication() {
		int index = this.extraArgs.lastIndexOf("--requirepass");
		if (index < 0 || index + 1 >= this.extraArgs.size()) {
			return List.of();
		}
		return List.of(List.of("AUTH", this.extraArgs.get(index + 1)));
	}

	@Override
	public String host() {
		return HOST;
	}

	@Override
	public int port() {
		return this.port;
	}

	@Override
	public String url() {
		return "redis://" + HOST + ":" + this.port;
	}

	/**
	 * The server's working directory, where an append-only file or {@code nodes.conf}
	 * lives.
	 * @return the directory
	 */
	public Path dir() {
		return this.dir.path();
	}

	@Override
	public @Nullable String cli(String... args) {
		return RespClient.call(HOST, this.port, List.of(), List.of(args));
	}

	@Override
	public void flushAll() {
		cli("FLUSHALL");
	}

	@Override
	public synchronized void stop() {
		Process current = this.process;
		if (current != null && current.isAlive()) {
			current.destroy();
			if (!waitFor(current, STOP_TIMEOUT)) {
				current.destroyForcibly();
				waitFor(current, STOP_TIMEOUT);
			}
		}
	}

	@Override
	public synchronized void kill() {
		Process current = this.process;
		if (current != null && current.isAlive()) {
			current.destroyForcibly();
			if (!waitFor(current, STOP_TIMEOUT)) {
				throw new IllegalStateException("redis-server pid " + current.pid() + " survived kill -9");
			}
		}
	}

	@Override
	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		try {
			launch();
		}
		catch (PortTakenException ex) {
			throw new IllegalStateException("Cannot restart redis-server: another process took port " + this.port, ex);
		}
	}

	@Override
	public boolean canInjectFaults() {
		return true;
	}

	@Override
	public synchronized long pid() {
		Process current = this.process;
		return (current != null) ? current.pid() : -1;
	}

	@Override
	public synchronized boolean isRunning() {
		Process current = this.process;
		return current != null && current.isAlive();
	}

	/**
	 * Stops the server and deletes its directory.
	 */
	@Override
	public synchronized void close() {
		try {
			stop();
		}
		finally {
			kill();
			this.dir.delete();
			ProcessReaper.untrack(this);
		}
	}

	@Override
	public String toString() {
		return "redis-server " + HOST + ":" + this.port + " (pid " + pid() + ")";
	}

	private static boolean waitFor(Process process, Duration timeout) {
		try {
			return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for redis-server to exit", ex);
		}
	}

	/** The chosen port was taken between probing and binding; the first start retries. */
	private static final class PortTakenException extends RuntimeException {

		PortTakenException() {
			super(null, null, false, false);
		}

	}

}
