package io.github.asynctask.redis.wake;

import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.asynctask.redis.PendingWait;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.QueryTimeoutException;

/**
 * {@code BLPOP} on one queue's wake-up list. Blocking commands must not run on the
 * connection the scripts share, so this wait keeps a connection of its own, never one of
 * a connection pool ({@link BlockingConnections}); in a cluster the list sits in the
 * queue's slot like its other keys.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class RedisPendingWait implements PendingWait {

	private static final Logger logger = LoggerFactory.getLogger(RedisPendingWait.class);

	private final Supplier<BlockingConnection> connections;

	/** The list each wait blocks on, and for how long at most. */
	private final Function<Duration, Turn> turns;

	/** Below the client's command timeout, so the client never gives up on a wait. */
	private final Duration longestBlock;

	/** Taken on the first wait, dropped after a failure; any thread may close it. */
	private volatile @Nullable BlockingConnection connection;

	private volatile boolean closed;

	/**
	 * The thread inside {@link #await}, interrupted by {@link #close}: closing the
	 * connection ends a {@code BLPOP}, not the opening of the connection, which would
	 * hold a stopping fetcher for Lettuce's connect timeout against a Redis that stopped
	 * answering.
	 */
	private volatile @Nullable Thread waiter;

	RedisPendingWait(Supplier<BlockingConnection> connections, String key, Duration longestBlock) {
		this(connections, (timeout) -> new Turn(key, timeout), longestBlock);
	}

	/**
	 * A wait whose list may change from one wait to the next (the shards of a queue, in
	 * turn), on one connection all the same.
	 */
	RedisPendingWait(Supplier<BlockingConnection> connections, Function<Duration, Turn> turns, Duration longestBlock) {
		this.connections = connections;
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
		BlockingConnection current = this.connection;
		if (current == null) {
			try {
				current = this.connections.get();
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
			return current.popToken(turn.key(), seconds);
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
		BlockingConnection open = this.connection;
		this.connection = null;
		if (open != null) {
			closeQuietly(open);
		}
	}

	private static void closeQuietly(BlockingConnection connection) {
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
	public record Turn(String key, Duration block) {

	}

}
