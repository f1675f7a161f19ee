package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.redis.connection.ReconnectBackoff;
import io.github.asynctask.redis.connection.RedisReachability;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workers' first contact with Redis: tried once on the starting thread, and while
 * Redis does not answer, again on a daemon thread ({@code asynctask-connect}) with a
 * {@link ReconnectBackoff}, so that the application starts without Redis. When an attempt
 * succeeds, {@code connected} runs once (on whichever thread made it).
 */
final class StartupConnection {

	private static final Logger logger = LoggerFactory.getLogger(StartupConnection.class);

	private final RedisReachability reachability;

	private final Runnable attempt;

	private final Runnable connected;

	private final Signal stopped = new Signal();

	private volatile boolean running;

	/**
	 * Whether a failure after Redis answered others was logged; one attempt at a time.
	 */
	private volatile boolean warned;

	private volatile @Nullable Thread thread;

	/**
	 * @param attempt reaches Redis (registers, subscribes); throws when it cannot
	 * @param connected starts what needs Redis
	 */
	StartupConnection(RedisReachability reachability, Runnable attempt, Runnable connected) {
		this.reachability = reachability;
		this.attempt = attempt;
		this.connected = connected;
	}

	void start() {
		this.running = true;
		if (!tryOnce()) {
			this.thread = Daemons.start("asynctask-connect", this::retry);
		}
	}

	/** Stop retrying; waits up to {@code timeout} for an attempt in flight. */
	void stop(Duration timeout) {
		this.running = false;
		this.stopped.raise();
		Daemons.join(this.thread, timeout);
	}

	private void retry() {
		ReconnectBackoff backoff = new ReconnectBackoff();
		while (this.running) {
			if (!this.stopped.awaitQuietly(backoff.next()) && Thread.currentThread().isInterrupted()) {
				return;
			}
			if (this.running && tryOnce()) {
				return;
			}
		}
	}

	private boolean tryOnce() {
		try {
			this.attempt.run();
		}
		catch (RuntimeException ex) {
			if (!this.reachability.isReached()) {
				this.reachability.unreachable("The workers", ex);
			}
			else if (!this.warned) {
				// Redis answers others (an ACL refusing SUBSCRIBE, say): this is ours to
				// say
				this.warned = true;
				logger.warn("async-task workers could not start on Redis at {}; retrying with a backoff up to {} s",
						this.reachability.target(), ReconnectBackoff.MAX.toSeconds(), ex);
			}
			else {
				logger.debug("async-task workers could not start on Redis again", ex);
			}
			return false;
		}
		this.reachability.reached();
		this.connected.run();
		return true;
	}

}
