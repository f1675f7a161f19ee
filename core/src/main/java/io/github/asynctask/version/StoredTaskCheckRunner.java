package io.github.asynctask.version;

import java.time.Duration;

import io.github.asynctask.redis.connection.ReconnectBackoff;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the {@link StoredTaskCheck} once, on a daemon thread so that start-up never waits
 * for Redis: while Redis does not answer, again with a {@link ReconnectBackoff}, until it
 * succeeds or the application stops.
 */
public final class StoredTaskCheckRunner implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(StoredTaskCheckRunner.class);

	private final StoredTaskCheck check;

	private final Object lock = new Object();

	private volatile boolean running;

	public StoredTaskCheckRunner(StoredTaskCheck check) {
		this.check = check;
	}

	@Override
	public void start() {
		this.check.warnUnknownUpcasters();
		synchronized (this.lock) {
			this.running = true;
			Thread thread = new Thread(this::checkUntilDone, "asynctask-stored-task-check");
			thread.setDaemon(true);
			thread.start();
		}
	}

	private void checkUntilDone() {
		ReconnectBackoff backoff = new ReconnectBackoff();
		while (this.running) {
			try {
				this.check.run();
				return;
			}
			catch (RuntimeException ex) {
				logger.debug("Stored-task sample check could not read Redis; retrying", ex);
			}
			if (!pause(backoff.next())) {
				return;
			}
		}
	}

	private boolean pause(Duration wait) {
		synchronized (this.lock) {
			if (!this.running) {
				return false;
			}
			try {
				this.lock.wait(wait.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			return this.running;
		}
	}

	@Override
	public void stop() {
		synchronized (this.lock) {
			this.running = false;
			this.lock.notifyAll();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
