package io.github.asynctask.redis.script;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Runs a script on the calling thread over one blocking connection of its own
 * ({@link RespSocket}) when that connection is free, else through the
 * {@link ScriptRunner}. A submit made this way crosses no thread: with Lettuce a call
 * goes to its event loop and the reply comes back through it, two thread wake-ups that on
 * a busy machine cost more than the round trip itself. Internal: public only so that the
 * other rooms of {@code redis} can use it; not an API.
 * <p>
 * Only for scripts that may run twice ({@code enqueue}, idempotent by task id): a call
 * whose connection broke is sent again through the runner. Taken only for a Lettuce
 * factory of a standalone Redis without TLS or a credentials provider; otherwise every
 * call goes through the runner.
 */
public final class DirectScripts {

	/** How long after a failed connect calls go through the runner only. */
	private static final long CONNECT_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

	private final ScriptRunner runner;

	private final @Nullable Endpoint endpoint;

	/** Lent to one caller at a time; a caller that finds it taken uses the runner. */
	private final ReentrantLock lock = new ReentrantLock();

	/**
	 * Written under {@link #lock}; read without it to close it once the factory stopped.
	 */
	private volatile @Nullable RespSocket socket;

	/** Guarded by {@link #lock}: System.nanoTime before which no connect is tried. */
	private long connectAfter;

	private DirectScripts(ScriptRunner runner, @Nullable Endpoint endpoint) {
		this.runner = runner;
		this.endpoint = endpoint;
	}

	/**
	 * Direct calls to the Redis of this factory when it qualifies (see the class
	 * comment), else the runner alone.
	 * @param replyTimeout longest wait for a reply ({@code async-task.redis-timeout})
	 */
	public static DirectScripts of(ScriptRunner runner, RedisConnectionFactory connectionFactory,
			Duration replyTimeout) {
		return new DirectScripts(runner, Endpoint.of(connectionFactory, replyTimeout));
	}

	/** The runner alone, no direct connection. */
	public static DirectScripts off(ScriptRunner runner) {
		return new DirectScripts(runner, null);
	}

	/** Whether calls may go over the direct connection (tests). */
	boolean isOn() {
		return this.endpoint != null;
	}

	/** Whether a call holds the direct connection (tests). */
	boolean isBusy() {
		return this.lock.isLocked();
	}

	/**
	 * Run one script as {@link ScriptRunner#run(LuaScript, String, byte[][], byte[][])}
	 * does, on this thread's direct connection when it is free.
	 */
	@SuppressWarnings("unchecked")
	public <T> T run(LuaScript script, String queue, byte[][] keys, byte[][] args) {
		Endpoint endpoint = this.endpoint;
		if (endpoint != null && !endpoint.isRunning() && this.socket != null) {
			close();
		}
		else if (endpoint != null && this.lock.tryLock()) {
			Object reply;
			try {
				reply = runDirect(endpoint, script, queue, keys, args);
			}
			finally {
				this.lock.unlock();
			}
			if (reply != NotSent.INSTANCE) {
				return (T) reply;
			}
		}
		return this.runner.run(script, queue, keys, args);
	}

	private @Nullable Object runDirect(Endpoint endpoint, LuaScript script, String queue, byte[][] keys,
			byte[][] args) {
		RespSocket socket = socket(endpoint);
		if (socket == null) {
			return NotSent.INSTANCE;
		}
		try {
			try {
				return socket.script(Verbs.EVALSHA, RespSocket.bytes(script.sha1()), keys, args);
			}
			catch (RedisCommandExecutionException ex) {
				if (!ScriptFailures.isNoScript(ex)) {
					throw ex;
				}
				// EVAL also caches the script, so the next EVALSHA finds it
				return socket.script(Verbs.EVAL, script.source(), keys, args);
			}
		}
		catch (RedisCommandExecutionException ex) {
			throw ScriptFailures.failure("script '" + script.name() + "'", queue, ex);
		}
		catch (SocketTimeoutException ex) {
			drop(true);
			throw ScriptFailures.failure("script '" + script.name() + "'", queue, new RedisCommandTimeoutException(
					"no reply within " + endpoint.replyTimeoutMillis + " ms (async-task.redis-timeout)"));
		}
		catch (IOException | RuntimeException ex) {
			// a connection Redis closed (idle timeout, restart) or a reply it could not
			// finish: the runner sends the call again, harmless for an idempotent script
			drop(false);
			return NotSent.INSTANCE;
		}
	}

	private @Nullable RespSocket socket(Endpoint endpoint) {
		RespSocket socket = this.socket;
		if (socket != null || System.nanoTime() - this.connectAfter < 0) {
			return socket;
		}
		try {
			socket = endpoint.connect();
			this.socket = socket;
			return socket;
		}
		catch (IOException | RuntimeException ex) {
			this.connectAfter = System.nanoTime() + CONNECT_BACKOFF_NANOS;
			return null;
		}
	}

	private void drop(boolean backOff) {
		RespSocket socket = this.socket;
		this.socket = null;
		if (socket != null) {
			socket.close();
		}
		if (backOff) {
			this.connectAfter = System.nanoTime() + CONNECT_BACKOFF_NANOS;
		}
	}

	/** Close the direct connection; later calls open it again. */
	public void close() {
		this.lock.lock();
		try {
			drop(false);
		}
		finally {
			this.lock.unlock();
		}
	}

	/** What a direct call returns when it sent nothing Redis answered. */
	private enum NotSent {

		INSTANCE

	}

	private static final class Verbs {

		static final byte[] EVALSHA = RespSocket.bytes("EVALSHA");

		static final byte[] EVAL = RespSocket.bytes("EVAL");

	}

	/** Where and how to connect, read from the Lettuce factory. */
	private record Endpoint(LettuceConnectionFactory factory, int connectTimeoutMillis, int replyTimeoutMillis) {

		static @Nullable Endpoint of(RedisConnectionFactory connectionFactory, Duration replyTimeout) {
			if (!(connectionFactory instanceof LettuceConnectionFactory lettuce) || lettuce.isClusterAware()
					|| lettuce.isRedisSentinelAware() || lettuce.getSocketConfiguration() != null
					|| lettuce.getClientConfiguration().isUseSsl()
					|| lettuce.getClientConfiguration().getRedisCredentialsProviderFactory().isPresent()) {
				return null;
			}
			long connect = lettuce.getClientConfiguration()
				.getClientOptions()
				.map((options) -> options.getSocketOptions().getConnectTimeout().toMillis())
				.orElse(replyTimeout.toMillis());
			int reply = (int) Math.min(Integer.MAX_VALUE, Math.max(1, replyTimeout.toMillis()));
			return new Endpoint(lettuce, (int) Math.max(1, Math.min(connect, reply)), reply);
		}

		/**
		 * Whether the factory is started: before, the runner's first call starts it;
		 * after it stopped, calls fail as they would through it.
		 */
		boolean isRunning() {
			return this.factory.isRunning();
		}

		RespSocket connect() throws IOException {
			LettuceConnectionFactory factory = this.factory;
			return RespSocket.open(factory.getHostName(), factory.getPort(), this.connectTimeoutMillis,
					this.replyTimeoutMillis, factory.getStandaloneConfiguration().getUsername(), factory.getPassword(),
					factory.getDatabase(), factory.getClientName());
		}

	}

}
