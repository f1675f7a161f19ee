package io.github.asynctask.redis.script;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
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
 * {@link #run} is for scripts that may run twice ({@code enqueue}, idempotent by task id;
 * {@code complete}, which answers an applied ack sent again as gone): a call whose
 * connection broke is sent again through the runner. {@link #runOnce} fails such a call
 * instead, for {@code dequeue}, whose caller hands the lost fetch back. The fetcher and
 * the ack thread each send one call at a time, so a connection of their own spares every
 * fetch and every group of acks the event loop's two wake-ups too. Taken only for a
 * Lettuce factory of a standalone Redis without TLS or a credentials provider; otherwise
 * every call goes through the runner.
 */
public final class DirectScripts {

	/** How long after a failed connect calls go through the runner only. */
	private static final long CONNECT_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

	/** How long the connection may go unused before its next call checks it first. */
	private static final long IDLE_CHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final ScriptRunner runner;

	private final @Nullable Endpoint endpoint;

	/** Lent to one caller at a time; a caller that finds it taken uses the runner. */
	private final ReentrantLock lock = new ReentrantLock();

	/**
	 * Written under {@link #lock}; read without it to close it once the factory stopped.
	 */
	private volatile @Nullable RespSocket socket;

	/** Set once by {@link #switchOff}: every call through the runner from then on. */
	private volatile boolean off;

	/** Guarded by {@link #lock}: when the connection was last lent (System.nanoTime). */
	private long lastUsed;

	/** Guarded by {@link #lock}: System.nanoTime before which no connect is tried. */
	private long connectAfter;

	private DirectScripts(ScriptRunner runner, @Nullable Endpoint endpoint) {
		this.runner = runner;
		this.endpoint = endpoint;
	}

	/**
	 * Direct calls to the Redis of this factory when it qualifies (see the class
	 * comment), else the runner alone; for submits.
	 * @param replyTimeout longest wait for a reply ({@code async-task.redis-timeout})
	 */
	public static DirectScripts of(ScriptRunner runner, RedisConnectionFactory connectionFactory,
			Duration replyTimeout) {
		return of(runner, connectionFactory, replyTimeout, "submit");
	}

	/**
	 * Direct calls to the Redis of this factory when it qualifies (see the class
	 * comment), else the runner alone.
	 * @param replyTimeout longest wait for a reply ({@code async-task.redis-timeout})
	 * @param purpose what the calls are for: the connection is named
	 * {@code async-task-<purpose>} in {@code CLIENT LIST}, unless the factory names its
	 * connections
	 */
	public static DirectScripts of(ScriptRunner runner, RedisConnectionFactory connectionFactory, Duration replyTimeout,
			String purpose) {
		return new DirectScripts(runner, Endpoint.of(connectionFactory, replyTimeout, "async-task-" + purpose));
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
	 * does, on this thread's direct connection when it is free. A call whose connection
	 * broke is sent again through the runner: only for scripts that may run twice.
	 */
	@SuppressWarnings("unchecked")
	public <T> T run(LuaScript script, String queue, byte[][] keys, byte[][] args) {
		Object reply = tryDirect(script, queue, keys, ScriptArgs.of(args), null, true);
		return (reply != NotSent.INSTANCE) ? (T) reply : this.runner.run(script, queue, keys, args);
	}

	/**
	 * Run one script as
	 * {@link ScriptRunner#run(LuaScript, String, byte[][], ArgsWriter, ReplyReading)}
	 * does, on the direct connection when it is free. A call whose connection broke is
	 * not sent again: it fails as Redis unavailable ({@link #isBrokenConnection}), as a
	 * call through the runner whose reply is lost does, so a script that must not run
	 * twice the same way (a fetch, whose caller hands a lost one back) may go this way.
	 */
	@SuppressWarnings("unchecked")
	public <T> T runOnce(LuaScript script, String queue, byte[][] keys, ArgsWriter args, ReplyReading<T> reading) {
		Object reply = tryDirect(script, queue, keys, args, reading, false);
		return (reply != NotSent.INSTANCE) ? (T) reply : this.runner.run(script, queue, keys, args, reading);
	}

	/**
	 * {@link #run(LuaScript, String, byte[][], byte[][])} with the arguments written by
	 * {@code args} as the call is sent (again through the runner if the connection
	 * broke).
	 */
	@SuppressWarnings("unchecked")
	public <T> T run(LuaScript script, String queue, byte[][] keys, ArgsWriter args) {
		Object reply = tryDirect(script, queue, keys, args, null, true);
		return (reply != NotSent.INSTANCE) ? (T) reply : this.runner.run(script, queue, keys, args);
	}

	/**
	 * Whether {@code ex} is the failure of a {@link #runOnce} call whose connection broke
	 * within it: Redis may or may not have run it, and a new call may go at once (the
	 * next one opens a new connection).
	 */
	public static boolean isBrokenConnection(Throwable ex) {
		return ex.getCause() instanceof BrokenConnection;
	}

	/**
	 * The reply of the call over the direct connection, or {@link NotSent} when the
	 * connection is off, taken, not open, or (with {@code resendOnBreak}) broke.
	 */
	private @Nullable Object tryDirect(LuaScript script, String queue, byte[][] keys, ArgsWriter args,
			@Nullable ReplyReading<?> reading, boolean resendOnBreak) {
		Endpoint endpoint = this.off ? null : this.endpoint;
		if (endpoint != null && !endpoint.isRunning() && this.socket != null) {
			close();
		}
		else if (endpoint != null && this.lock.tryLock()) {
			try {
				return runDirect(endpoint, script, queue, keys, args, reading, resendOnBreak);
			}
			finally {
				this.lock.unlock();
			}
		}
		return NotSent.INSTANCE;
	}

	private @Nullable Object runDirect(Endpoint endpoint, LuaScript script, String queue, byte[][] keys,
			ArgsWriter args, @Nullable ReplyReading<?> reading, boolean resendOnBreak) {
		RespSocket socket = socket(endpoint);
		if (socket == null) {
			return NotSent.INSTANCE;
		}
		try {
			try {
				return call(socket, Verbs.EVALSHA, RespSocket.bytes(script.sha1()), keys, args, reading);
			}
			catch (RedisCommandExecutionException ex) {
				if (!ScriptFailures.isNoScript(ex)) {
					throw ex;
				}
				// EVAL also caches the script, so the next EVALSHA finds it
				return call(socket, Verbs.EVAL, script.source(), keys, args, reading);
			}
		}
		catch (RedisCommandExecutionException ex) {
			throw this.runner.failed(ScriptFailures.failure("script '" + script.name() + "'", queue, ex));
		}
		catch (SocketTimeoutException ex) {
			drop(true);
			throw this.runner.failed(
					ScriptFailures.failure("script '" + script.name() + "'", queue, new RedisCommandTimeoutException(
							"no reply within " + endpoint.replyTimeoutMillis + " ms (async-task.redis-timeout)")));
		}
		catch (IOException | RuntimeException ex) {
			// a connection Redis closed (idle timeout, restart) or a reply it could not
			// finish
			drop(false);
			if (resendOnBreak) {
				// the runner sends the call again, harmless for an idempotent script
				return NotSent.INSTANCE;
			}
			throw this.runner
				.failed(ScriptFailures.failure("script '" + script.name() + "'", queue, new BrokenConnection(ex)));
		}
	}

	/**
	 * One call, its reply read by {@code reading}'s output, or generically without one.
	 */
	private static @Nullable Object call(RespSocket socket, byte[] verb, byte[] shaOrSource, byte[][] keys,
			ArgsWriter args, @Nullable ReplyReading<?> reading) throws IOException {
		return (reading != null) ? socket.script(verb, shaOrSource, keys, args, reading.output())
				: socket.script(verb, shaOrSource, keys, args);
	}

	/**
	 * The open connection, checked with a {@code PING} after {@link #IDLE_CHECK_NANOS}
	 * unused (Redis may have closed it: its idle timeout, a restart), or a new one.
	 */
	private @Nullable RespSocket socket(Endpoint endpoint) {
		RespSocket socket = this.socket;
		long now = System.nanoTime();
		if (socket != null && now - this.lastUsed > IDLE_CHECK_NANOS && !socket.answersPing()) {
			drop(false);
			socket = null;
		}
		this.lastUsed = now;
		if (socket != null || now - this.connectAfter < 0) {
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

	/**
	 * Every call through the runner from now on ({@code async-task.direct-submits},
	 * {@code async-task.worker.direct-calls} set to false); the connection is closed.
	 */
	public void switchOff() {
		this.off = true;
		close();
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

	/** Why a {@link #runOnce} call failed: its connection broke within it. */
	private static final class BrokenConnection extends RedisConnectionException {

		BrokenConnection(Throwable cause) {
			super("the connection broke within the call: " + ScriptFailures.rootMessage(cause), cause);
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
	private record Endpoint(LettuceConnectionFactory factory, int connectTimeoutMillis, int replyTimeoutMillis,
			String defaultName) {

		static @Nullable Endpoint of(RedisConnectionFactory connectionFactory, Duration replyTimeout,
				String defaultName) {
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
			return new Endpoint(lettuce, (int) Math.max(1, Math.min(connect, reply)), reply, defaultName);
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
					factory.getDatabase(),
					(factory.getClientName() != null) ? factory.getClientName() : this.defaultName);
		}

	}

}
