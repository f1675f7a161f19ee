package io.github.asynctask.redis.script;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import io.github.asynctask.RedisUnavailableException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandType;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Runs broker scripts by SHA, falling back to {@code EVAL} when Redis answers
 * {@code NOSCRIPT} (after a restart or {@code SCRIPT FLUSH}), and turns client failures
 * into {@link RedisUnavailableException} naming the script and queue. Internal: public
 * only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class ScriptRunner {

	/** The reply as {@code ScriptOutputType.MULTI} reads it: byte[], Long and List. */
	private static final ReplyReading<Object> MULTI = new ReplyReading<>() {

		@Override
		public CommandOutput<byte[], byte[], Object> output() {
			return multiOutput();
		}

		@Override
		public Object read(Object reply) {
			return reply;
		}

	};

	private final RedisConnectionFactory connectionFactory;

	/**
	 * Longest wait for a script's reply on Lettuce, whatever the client's own command
	 * timeout (60 s unless configured), so a committing thread or a fetcher never hangs
	 * on an unreachable Redis. A command given up on may still run later; every
	 * transition is safe to see late (enqueue is idempotent by id, a dequeue whose reply
	 * was lost is handed back by the broker before its next fetch).
	 */
	private final Duration replyTimeout;

	/**
	 * Lettuce's shared connection, once taken; any thread may reset it after a failure.
	 */
	private volatile @Nullable RedisClusterAsyncCommands<byte[], byte[]> shared;

	/** When a script call last failed (System.nanoTime, 0: never); set by any caller. */
	private volatile long lastFailure;

	/** Guarded by this; the last attempt to open {@link #shared}. */
	private @Nullable CompletableFuture<@Nullable RedisClusterAsyncCommands<byte[], byte[]>> opening;

	public ScriptRunner(RedisConnectionFactory connectionFactory, Duration replyTimeout) {
		this.connectionFactory = connectionFactory;
		this.replyTimeout = replyTimeout;
	}

	/**
	 * Run one script; replies come back as byte[] (bulk), Long (integer) and List
	 * (array).
	 */
	public <T> T run(LuaScript script, String queue, List<String> keys, List<String> args) {
		return run(script, queue, array(keys), array(args));
	}

	/** {@link #run(LuaScript, String, List, List)} with keys and arguments as bytes. */
	@SuppressWarnings("unchecked")
	public <T> T run(LuaScript script, String queue, byte[][] keys, byte[][] args) {
		return (T) run(script, queue, keys, args, MULTI);
	}

	/**
	 * {@link #run(LuaScript, String, byte[][], byte[][])} with the reply read by
	 * {@code reading}.
	 */
	public <T> T run(LuaScript script, String queue, byte[][] keys, byte[][] args, ReplyReading<T> reading) {
		return run(script, queue, keys, ScriptArgs.of(args), reading);
	}

	/**
	 * {@link #run(LuaScript, String, byte[][], byte[][])} with the arguments written by
	 * {@code args} as the call is sent.
	 */
	@SuppressWarnings("unchecked")
	public <T> T run(LuaScript script, String queue, byte[][] keys, ArgsWriter args) {
		return (T) run(script, queue, keys, args, MULTI);
	}

	/**
	 * {@link #run(LuaScript, String, byte[][], byte[][], ReplyReading)} with the
	 * arguments written by {@code args} as the call is sent.
	 */
	public <T> T run(LuaScript script, String queue, byte[][] keys, ArgsWriter args, ReplyReading<T> reading) {
		try {
			return runScript(script, queue, keys, args, reading);
		}
		catch (RedisUnavailableException ex) {
			this.lastFailure = System.nanoTime();
			throw ex;
		}
	}

	/** Note a failure of a call made around the runner ({@link DirectScripts}). */
	RedisUnavailableException failed(RedisUnavailableException ex) {
		this.lastFailure = System.nanoTime();
		return ex;
	}

	/**
	 * How long ago a script call last failed (Redis unreachable, out of memory, no reply
	 * in time), or null when none has.
	 */
	public @Nullable Duration sinceLastFailure() {
		long at = this.lastFailure;
		return (at == 0) ? null : Duration.ofNanos(System.nanoTime() - at);
	}

	private <T> T runScript(LuaScript script, String queue, byte[][] keys, ArgsWriter args, ReplyReading<T> reading) {
		RedisClusterAsyncCommands<byte[], byte[]> shared = sharedAsync(script, queue);
		if (shared != null) {
			try {
				return runOn(shared, script, keys, args, reading);
			}
			catch (io.lettuce.core.RedisException ex) {
				this.shared = null; // fetch it again: the factory may have replaced its
									// connection
				throw ScriptFailures.failure("script '" + script.name() + "'", queue, ex);
			}
		}
		return withConnection(script, queue, (connection) -> {
			RedisClusterAsyncCommands<byte[], byte[]> async = lettuce(connection);
			return (async != null) ? runOn(async, script, keys, args, reading)
					: reading.read(evalSha(connection, script, keys, ScriptArgs.bytes(args)));
		});
	}

	/**
	 * Lettuce's shared connection when the factory shares one (its default): taking it
	 * once spares every call a Spring connection wrapper, which showed in profiles.
	 * Opening it runs off the caller's thread so that the caller waits at most the reply
	 * timeout, also when Redis takes the TCP connection but never answers (Lettuce would
	 * wait its connect timeout, 10 s unless configured).
	 */
	private @Nullable RedisClusterAsyncCommands<byte[], byte[]> sharedAsync(LuaScript script, String queue) {
		RedisClusterAsyncCommands<byte[], byte[]> cached = this.shared;
		if (cached != null || !(this.connectionFactory instanceof LettuceConnectionFactory lettuce)
				|| !lettuce.getShareNativeConnection()) {
			return cached;
		}
		CompletableFuture<@Nullable RedisClusterAsyncCommands<byte[], byte[]>> opening = opening(lettuce);
		try {
			return opening.get(this.replyTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			throw ScriptFailures.failure("script '" + script.name() + "'", queue, ex.getCause());
		}
		catch (TimeoutException ex) {
			throw ScriptFailures.failure("script '" + script.name() + "'", queue,
					new io.lettuce.core.RedisConnectionException(
							"no connection within " + this.replyTimeout.toMillis() + " ms (async-task.redis-timeout)"));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw ScriptFailures.failure("script '" + script.name() + "'", queue, ex);
		}
	}

	/**
	 * The attempt to open the shared connection in flight, or a new one: callers during
	 * an outage share one attempt instead of piling up threads.
	 */
	private synchronized CompletableFuture<@Nullable RedisClusterAsyncCommands<byte[], byte[]>> opening(
			LettuceConnectionFactory lettuce) {
		CompletableFuture<@Nullable RedisClusterAsyncCommands<byte[], byte[]>> current = this.opening;
		if (current == null || current.isDone()) {
			current = CompletableFuture.supplyAsync(() -> {
				try (RedisConnection connection = lettuce.getConnection()) {
					RedisClusterAsyncCommands<byte[], byte[]> async = lettuce(connection);
					this.shared = async;
					return async;
				}
			}, (task) -> {
				Thread thread = new Thread(task, "asynctask-redis-connect");
				thread.setDaemon(true);
				thread.start();
			});
			this.opening = current;
		}
		return current;
	}

	private <T> T runOn(RedisClusterAsyncCommands<byte[], byte[]> async, LuaScript script, byte[][] keyBytes,
			ArgsWriter argBytes, ReplyReading<T> reading) {
		try {
			return awaitReply(async.dispatch(CommandType.EVALSHA, reading.output(),
					ScriptArgs.evalSha(script, keyBytes, argBytes)));
		}
		catch (io.lettuce.core.RedisException ex) {
			if (!ScriptFailures.isNoScript(ex)) {
				throw ex;
			}
			// EVAL also caches the script, so the next EVALSHA finds it.
			return awaitReply(
					async.dispatch(CommandType.EVAL, reading.output(), ScriptArgs.eval(script, keyBytes, argBytes)));
		}
	}

	/**
	 * {@code EVALSHA} with a reply read as {@code ScriptOutputType.MULTI} reads it, its
	 * arguments written by {@link ScriptArgs} rather than Lettuce's own builder.
	 */
	private static RedisFuture<Object> sendEvalSha(RedisClusterAsyncCommands<byte[], byte[]> async, LuaScript script,
			byte[][] keys, byte[][] args) {
		return async.dispatch(CommandType.EVALSHA, multiOutput(),
				ScriptArgs.evalSha(script, keys, ScriptArgs.of(args)));
	}

	/**
	 * The reply as {@code ScriptOutputType.MULTI} reads it: bulk strings as byte[],
	 * integers as Long, arrays as List.
	 */
	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static CommandOutput<byte[], byte[], Object> multiOutput() {
		return (CommandOutput) new NestedMultiOutput<>(ByteArrayCodec.INSTANCE);
	}

	/** {@code EVAL}, as {@link #sendEvalSha} sends {@code EVALSHA}. */
	private static RedisFuture<Object> sendEval(RedisClusterAsyncCommands<byte[], byte[]> async, LuaScript script,
			byte[][] keys, byte[][] args) {
		return async.dispatch(CommandType.EVAL, multiOutput(), ScriptArgs.eval(script, keys, ScriptArgs.of(args)));
	}

	private <T> T awaitReply(RedisFuture<T> future) {
		try {
			return future.get(this.replyTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof io.lettuce.core.RedisException redis) ? redis
					: new io.lettuce.core.RedisException(ex.getCause());
		}
		catch (TimeoutException ex) {
			future.cancel(false);
			throw new io.lettuce.core.RedisCommandTimeoutException(
					"no reply within " + this.replyTimeout.toMillis() + " ms (async-task.redis-timeout)");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new io.lettuce.core.RedisException("interrupted while waiting for Redis", ex);
		}
	}

	private <T> T call(String what, String queue, Function<RedisConnection, T> action) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return action.apply(connection);
		}
		catch (DataAccessException | io.lettuce.core.RedisException ex) {
			throw ScriptFailures.failure(what, queue, ex);
		}
	}

	/**
	 * Run the same script for many key/argument lists in one round trip when the client
	 * is Lettuce (commands are written back to back on the connection), else one by one.
	 * Replies are in call order.
	 */
	public List<Object> runAll(LuaScript script, String queue, List<List<String>> keys, List<List<String>> args) {
		return runAllBytes(script, queue, keys.stream().map(ScriptRunner::array).toList(),
				args.stream().map(ScriptRunner::array).toList());
	}

	/** {@link #runAll} with keys and arguments as bytes. */
	public List<Object> runAllBytes(LuaScript script, String queue, List<byte[][]> keys, List<byte[][]> args) {
		RedisClusterAsyncCommands<byte[], byte[]> shared = sharedAsync(script, queue);
		if (shared != null) {
			try {
				return pipelined(shared, script, keys, args);
			}
			catch (io.lettuce.core.RedisException ex) {
				this.shared = null;
				throw ScriptFailures.failure("script '" + script.name() + "'", queue, ex);
			}
		}
		return withConnection(script, queue, (connection) -> {
			RedisClusterAsyncCommands<byte[], byte[]> async = lettuce(connection);
			if (async != null) {
				return pipelined(async, script, keys, args);
			}
			List<Object> replies = new ArrayList<>(keys.size());
			for (int i = 0; i < keys.size(); i++) {
				replies.add(evalSha(connection, script, keys.get(i), args.get(i)));
			}
			return replies;
		});
	}

	private List<Object> pipelined(RedisClusterAsyncCommands<byte[], byte[]> commands, LuaScript script,
			List<byte[][]> keys, List<byte[][]> args) {
		List<RedisFuture<Object>> futures = new ArrayList<>(keys.size());
		for (int i = 0; i < keys.size(); i++) {
			futures.add(sendEvalSha(commands, script, keys.get(i), args.get(i)));
		}
		List<Object> replies = new ArrayList<>(futures.size());
		for (int i = 0; i < futures.size(); i++) {
			try {
				replies.add(awaitReply(futures.get(i)));
			}
			catch (io.lettuce.core.RedisException ex) {
				if (!ScriptFailures.isNoScript(ex)) {
					throw ex;
				}
				// EVAL also caches the script, so the next batch finds it by SHA
				replies.add(awaitReply(sendEval(commands, script, keys.get(i), args.get(i))));
			}
		}
		return replies;
	}

	@SuppressWarnings("unchecked")
	private static @Nullable RedisClusterAsyncCommands<byte[], byte[]> lettuce(RedisConnection connection) {
		return (connection.getNativeConnection() instanceof RedisClusterAsyncCommands<?, ?> async)
				? (RedisClusterAsyncCommands<byte[], byte[]>) async : null;
	}

	private <T> T withConnection(LuaScript script, String queue, Function<RedisConnection, T> action) {
		return call("script '" + script.name() + "'", queue, action);
	}

	private static <T> @Nullable T evalSha(RedisConnection connection, LuaScript script, byte[][] keys, byte[][] args) {
		byte[][] keysAndArgs = keysAndArgs(keys, args);
		try {
			return connection.scriptingCommands().evalSha(script.sha1(), ReturnType.MULTI, keys.length, keysAndArgs);
		}
		catch (RuntimeException ex) {
			if (!ScriptFailures.isNoScript(ex)) {
				throw ex;
			}
			return connection.scriptingCommands().eval(script.source(), ReturnType.MULTI, keys.length, keysAndArgs);
		}
	}

	private static byte[][] keysAndArgs(byte[][] keys, byte[][] args) {
		byte[][] all = new byte[keys.length + args.length][];
		System.arraycopy(keys, 0, all, 0, keys.length);
		System.arraycopy(args, 0, all, keys.length, args.length);
		return all;
	}

	private static byte[][] array(List<String> values) {
		byte[][] result = new byte[values.size()][];
		for (int i = 0; i < result.length; i++) {
			result[i] = values.get(i).getBytes(StandardCharsets.UTF_8);
		}
		return result;
	}

}
