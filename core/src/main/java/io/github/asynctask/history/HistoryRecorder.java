package io.github.asynctask.history;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.store.RedisHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the attempts this instance finishes per queue (processed: succeeded or failed;
 * failed) and adds them to the queue's history in Redis every {@code flushInterval}: one
 * script call per queue that had any, whatever the throughput, instead of a write per
 * task. Counts of a flush that fails are added back and sent with the next one.
 */
public final class HistoryRecorder implements TaskListener, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(HistoryRecorder.class);

	private final RedisHistory history;

	private final Clock clock;

	private final Map<String, Counts> counts = new ConcurrentHashMap<>();

	private final ScheduledExecutorService flusher;

	public HistoryRecorder(RedisHistory history, Duration flushInterval) {
		this(history, flushInterval, Clock.systemUTC());
	}

	HistoryRecorder(RedisHistory history, Duration flushInterval, Clock clock) {
		this.history = history;
		this.clock = clock;
		this.flusher = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "asynctask-history");
			thread.setDaemon(true);
			return thread;
		});
		long millis = Math.max(100, flushInterval.toMillis());
		this.flusher.scheduleWithFixedDelay(this::flush, millis, millis, TimeUnit.MILLISECONDS);
	}

	@Override
	public void completed(String queue, String task, Duration duration) {
		counts(queue).processed.increment();
	}

	@Override
	public void failed(String queue, String task, Duration duration, Throwable error, boolean willRetry) {
		Counts counts = counts(queue);
		counts.processed.increment();
		counts.failed.increment();
	}

	/** Send what was counted since the last flush. */
	public void flush() {
		this.counts.forEach((queue, counts) -> {
			long processed = counts.processed.sumThenReset();
			long failed = counts.failed.sumThenReset();
			if (processed == 0 && failed == 0) {
				return;
			}
			try {
				this.history.add(queue, this.clock.instant(), processed, failed);
			}
			catch (RuntimeException ex) {
				counts.processed.add(processed);
				counts.failed.add(failed);
				logger.debug("Could not add to the history of queue '{}'; will send it with the next flush", queue, ex);
			}
		});
	}

	@Override
	public void close() {
		this.flusher.shutdownNow();
		try {
			flush();
		}
		catch (RuntimeException ex) {
			logger.debug("Could not send the last history counts", ex);
		}
	}

	private Counts counts(String queue) {
		return this.counts.computeIfAbsent(queue, (name) -> new Counts());
	}

	@Override
	public String toString() {
		return "HistoryRecorder";
	}

	private static final class Counts {

		private final LongAdder processed = new LongAdder();

		private final LongAdder failed = new LongAdder();

	}

}
