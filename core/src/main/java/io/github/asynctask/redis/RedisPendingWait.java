package io.github.asynctask.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@code BLPOP} on one queue's wake-up list. Blocking commands must not run on the
 * connection the scripts share, so this wait keeps a connection of its own (with Lettuce,
 * Spring runs {@code BLPOP} on the connection's dedicated native connection); in a
 * cluster the list sits in the queue's slot like its other keys.
 */
final class RedisPendingWait implements PendingWait {

	private static final Logger logger = LoggerFactory.getLogger(RedisPendingWait.class);

	private final RedisConnectionFactory connectionFactory;

	/** The list each wait blocks on, and for how long at most. */
	private final Function<Duration, Turn> turns;

	/** Below the client's command timeout, so the client never gives up on a wait. */
	private final Duration longestBlock;

	/** Taken on the first wait, dropped after a failure; any thread may close it. */
	private volatile @Nullable RedisConnection connection;

	private volatile boolean closed;

	/**
	 * The thread inside {@link #await}, interrupted by {@link #close}: closing the
	 * connection ends a {@code BLPOP}, not the opening of the connection, which would
	 * hold a stopping fetcher for Lettuce's connect timeout against a Redis that stopped
	 * answering.
	 */
	private volatile @Nullable Thread waiter;

	RedisPendingWait(RedisConnectionFactory connectionFactory, String key, Duration longestBlock) {
		this(connectionFactory, (timeout) -> new Turn(key, timeout), longestBlock);
	}

	/**
	 * A wait whose list may change from one wait to the next (the shards of a queue, in
	 * turn), on one connection all the same.
	 */
	RedisPendingWait(RedisConnectionFactory connectionFactory, Function<Duration, Turn> turns, Duration longestBlock) {
		this.connectionFactory = connectionFactory;
		this.turns = turns;
		this.longestBlock = longestBlock;
	}

	@Override
	public boolean await(Duration timeout) {
		this.waiter = Thread.currentThread();
		try {
			return awaitToken(timeout);
		}
		finally {
			this.waiter = null;
		}
	}

	private boolean awaitToken(Duration timeout) {
		if (this.closed) {
			return false;
		}
		RedisConnection current = this.connection;
		if (current == null) {
			try {
				current = this.connectionFactory.getConnection();
			}
			catch (RuntimeException ex) {
				if (this.closed) {
					return false;
				}
				throw ex;
			}
			this.connection = current;
			if (this.closed) {
				closeQuietly(current);
				return false;
			}
		}
		// BLPOP takes seconds and 0 means forever: round, but never below one second
		Turn turn = this.turns.apply(timeout);
		long millis = Math.min(turn.block().toMillis(), this.longestBlock.toMillis());
		int seconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, (millis + 500) / 1000));
		try {
			List<byte[]> popped = current.listCommands().bLPop(seconds, turn.key().getBytes(StandardCharsets.UTF_8));
			return popped != null && !popped.isEmpty();
		}
		catch (RuntimeException ex) {
			// a connection whose BLPOP the client gave up on may still take a token:
			// close it
			this.connection = null;
			closeQuietly(current);
			if (this.closed || ex instanceof QueryTimeoutException) {
				return false;
			}
			throw ex;
		}
	}

	@Override
	public void close() {
		this.closed = true;
		Thread current = this.waiter;
		if (current != null) {
			current.interrupt();
		}
		RedisConnection open = this.connection;
		this.connection = null;
		if (open != null) {
			closeQuietly(open);
		}
	}

	private static void closeQuietly(RedisConnection connection) {
		try {
			connection.close();
		}
		catch (RuntimeException ex) {
			logger.debug("Closing a wake-up wait connection failed", ex);
		}
	}

	/**
	 * One wait: the wake-up list to block on and the longest block.
	 *
	 * @param key the list's key
	 * @param block how long to block at most
	 */
	record Turn(String key, Duration block) {

	}

}
