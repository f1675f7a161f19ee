package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.redis.ReconnectBackoff;
import io.github.asynctask.redis.RedisReachability;
import org.jspecify.annotations.Nullable;

/**
 * The workers' first contact with Redis: tried once on the starting thread, and while
 * Redis does not answer, again on a daemon thread ({@code asynctask-connect}) with a
 * {@link ReconnectBackoff}, so that the application starts without Redis. When an attempt
 * succeeds, {@code connected} runs once (on whichever thread made it).
 */
final class StartupConnection {

	private final RedisReachability reachability;

	private final Runnable attempt;

	private final Runnable connected;

	private final Signal stopped = new Signal();

	private volatile boolean running;

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
			this.reachability.unreachable("The workers", ex);
			return false;
		}
		this.reachability.reached();
		this.connected.run();
		return true;
	}

}
