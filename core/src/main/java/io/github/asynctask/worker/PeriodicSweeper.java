package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.redis.connection.RedisReachability;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

import org.springframework.context.SmartLifecycle;

/**
 * A worker-side daemon that sweeps the served queues on its own named thread, one round
 * per interval, from start until stop. A failed sweep warns once per failing streak, not
 * at every round; before Redis first answered it leaves the one WARN to the
 * {@link RedisReachability} it shares with the workers.
 */
public abstract class PeriodicSweeper implements SmartLifecycle {

	private final String threadName;

	private final Duration interval;

	/** The subclass's, so its lines keep their logger name. */
	private final Logger logger;

	/** Guarded by this. */
	private @Nullable Thread thread;

	private volatile boolean running;

	private volatile RedisReachability reachability = new RedisReachability("Redis");

	/**
	 * Whether the current failing streak was reported; written by the sweeping thread.
	 */
	private volatile boolean failing;

	/**
	 * @param threadName the sweeping thread's name
	 * @param interval time between rounds
	 * @param logger where failures are reported
	 */
	protected PeriodicSweeper(String threadName, Duration interval, Logger logger) {
		this.threadName = threadName;
		this.interval = interval;
		this.logger = logger;
	}

	/** One round of sweeps, on the sweeping thread. */
	protected abstract void sweepRound();

	/** Wait until the next round: one interval unless a subclass knows better. */
	protected void pause() throws InterruptedException {
		Thread.sleep(this.interval.toMillis());
	}

	/** Called by {@link #start()} before the thread starts. */
	protected void starting() {
	}

	/**
	 * Shared with the workers: while Redis has not answered since start-up, a failed
	 * sweep says so there (one WARN for every part) instead of in a WARN of its own.
	 */
	public final void reachability(RedisReachability reachability) {
		this.reachability = reachability;
	}

	/** A sweep worked: Redis answers, and a failing streak is over. */
	protected final void succeeded() {
		this.reachability.reached();
		this.failing = false;
	}

	/**
	 * A sweep failed: the first failure of a streak warns, the others go to DEBUG.
	 * @param what what failed, as the log line's subject
	 */
	protected final void failed(String what, RuntimeException ex) {
		if (!this.reachability.isReached()) {
			this.reachability.unreachable(what, ex);
		}
		else if (!this.failing) {
			this.failing = true;
			this.logger.warn("{} failed: {}; trying again every {}", what, ex.toString(), this.interval);
		}
		else {
			this.logger.debug("{} failed again", what, ex);
		}
	}

	@Override
	public final synchronized void start() {
		if (this.running) {
			return;
		}
		this.running = true;
		starting();
		this.thread = Daemons.start(this.threadName, this::loop);
	}

	private void loop() {
		while (this.running) {
			sweepRound();
			try {
				pause();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	@Override
	public final void stop() {
		Thread thread;
		synchronized (this) {
			this.running = false;
			thread = this.thread;
			this.thread = null;
		}
		if (thread != null) {
			thread.interrupt();
		}
	}

	@Override
	public final boolean isRunning() {
		return this.running;
	}

}
