package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.limit.BacklogWatch;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs {@link BacklogWatch#check()} every {@link #EVERY} on a thread of its own
 * ({@code asynctask-backlog-watch}), only while some queue has a backlog limit: one stats
 * call per limited queue per period, nothing for an application without limits.
 */
final class BacklogWatchSchedule implements SmartLifecycle {

	static final Duration EVERY = Duration.ofSeconds(10);

	private static final Logger logger = LoggerFactory.getLogger(BacklogWatchSchedule.class);

	private final BacklogWatch watch;

	// Touched only by the lifecycle's start and stop, which Spring serializes.
	private @Nullable ScheduledExecutorService thread;

	BacklogWatchSchedule(BacklogWatch watch) {
		this.watch = watch;
	}

	@Override
	public void start() {
		if (this.watch.limits().all().isEmpty()) {
			return;
		}
		ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread named = new Thread(runnable, "asynctask-backlog-watch");
			named.setDaemon(true);
			return named;
		});
		thread.scheduleWithFixedDelay(this::check, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
		this.thread = thread;
	}

	private void check() {
		try {
			this.watch.check();
		}
		catch (RuntimeException ex) {
			// Redis away: the one WARN of an outage is RedisReachability's
			logger.debug("Could not read the backlog of the limited queues: {}", ex.toString());
		}
	}

	@Override
	public void stop() {
		ScheduledExecutorService thread = this.thread;
		if (thread != null) {
			thread.shutdownNow();
			this.thread = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.thread != null;
	}

}
