package io.github.asynctask.test;

import org.jspecify.annotations.Nullable;

/**
 * A real Redis server a test talks to, with fault injection (stop, kill, restart) when
 * the server is a local process.
 */
public interface RedisServer {

	/**
	 * The host to connect to.
	 * @return the host name or address
	 */
	String host();

	/**
	 * The port to connect to; stays the same across {@link #stop()} and {@link #start()}.
	 * @return the TCP port
	 */
	int port();

	/**
	 * The connection URL, {@code redis://[user:pass@]host:port[/db]}.
	 * @return the URL
	 */
	String url();

	/**
	 * Spring Boot's {@code spring.data.redis.host} and {@code port} pointing at this
	 * server, as property values ({@code name=value}) for a context runner or builder.
	 * @return the two property values
	 */
	default String[] springDataRedisProperties() {
		return new String[] { "spring.data.redis.host=" + host(), "spring.data.redis.port=" + port() };
	}

	/**
	 * Sends one command and returns the reply as text: bulk and simple strings as they
	 * are, integers as digits, arrays with their elements joined by {@code '\n'}, nil as
	 * {@code null}. Each call may use a fresh connection, so connection state
	 * ({@code WAIT} on earlier writes, {@code MULTI}, {@code READONLY}) does not carry
	 * over.
	 * @param args the command and its arguments, e.g. {@code "SET", "k", "v"}
	 * @return the reply as text, {@code null} for a nil reply
	 * @throws IllegalStateException with the Redis error text when Redis replies with an
	 * error, or when the server cannot be reached
	 */
	@Nullable String cli(String... args);

	/**
	 * Deletes every key of every database.
	 */
	void flushAll();

	/**
	 * Stops the server gracefully (SIGTERM, which flushes an enabled append-only file)
	 * and waits for it to exit.
	 * @throws UnsupportedOperationException if {@link #canInjectFaults()} is false
	 */
	void stop();

	/**
	 * Kills the server with {@code kill -9} and waits for it to exit, like a crash.
	 * @throws UnsupportedOperationException if {@link #canInjectFaults()} is false
	 */
	void kill();

	/**
	 * Starts the server again on the same port and directory, so data in an append-only
	 * file survives; does nothing if it is running.
	 * @throws UnsupportedOperationException if {@link #canInjectFaults()} is false
	 */
	void start();

	/**
	 * Whether {@link #stop()}, {@link #kill()} and {@link #start()} work; tests that need
	 * them call {@code assumeTrue(redis.canInjectFaults())}.
	 * @return true for a local {@code redis-server} process
	 */
	boolean canInjectFaults();

	/**
	 * The operating-system id of the current (or last) server process.
	 * @return the pid, or {@code -1} when the server is not a local process
	 */
	long pid();

	/**
	 * Whether the server is up.
	 * @return true if running
	 */
	boolean isRunning();

}
