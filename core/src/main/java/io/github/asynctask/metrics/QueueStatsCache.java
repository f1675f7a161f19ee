package io.github.asynctask.metrics;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.github.asynctask.QueueStats;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads each queue's stats from Redis at most once per refresh interval, so the seven
 * gauges of a queue cost one Redis call per scrape, not seven. When Redis cannot be read
 * the last value is kept (or nothing, before the first read) and the next attempt waits
 * for the interval too, so a Redis outage is not hammered by scrapes.
 */
final class QueueStatsCache {

	private static final Logger logger = LoggerFactory.getLogger(QueueStatsCache.class);

	private final Function<String, QueueStats> reader;

	private final Duration refresh;

	private final Clock clock;

	private final Map<String, Entry> entries = new ConcurrentHashMap<>();

	QueueStatsCache(Function<String, QueueStats> reader, Duration refresh, Clock clock) {
		this.reader = reader;
		this.refresh = refresh;
		this.clock = clock;
	}

	/**
	 * The queue's stats, read from Redis if the cached ones are older than the interval.
	 */
	@Nullable QueueStats get(String queue) {
		return this.entries.computeIfAbsent(queue, (name) -> new Entry()).get(queue);
	}

	/** Drop what is cached for a queue that no longer has gauges. */
	void forget(String queue) {
		this.entries.remove(queue);
	}

	private final class Entry {

		// Guarded by this entry's monitor: one scrape reads Redis, concurrent ones wait.
		private @Nullable QueueStats stats;

		private @Nullable Instant readAt;

		synchronized @Nullable QueueStats get(String queue) {
			Instant now = QueueStatsCache.this.clock.instant();
			if (this.readAt == null || !now.isBefore(this.readAt.plus(QueueStatsCache.this.refresh))) {
				this.readAt = now;
				try {
					this.stats = QueueStatsCache.this.reader.apply(queue);
				}
				catch (RuntimeException ex) {
					logger.debug("Could not read the stats of queue '{}'; gauges keep their last value", queue, ex);
				}
			}
			return this.stats;
		}

	}

}
