package io.github.asynctask.limit;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import io.github.asynctask.QueueStats;
import io.github.asynctask.redis.RedisBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How full the queues with a backlog limit are, read from their stats (pending +
 * scheduled + retry, summed over a sharded queue's shards); {@link #check()} warns when a
 * queue reaches {@value #WARN_PERCENT} % of its limit, at most once a minute per queue,
 * so operators hear of it before submits are refused.
 */
public final class BacklogWatch {

	/** How full a queue is when it is warned about, in percent of its limit. */
	public static final int WARN_PERCENT = 80;

	/** Fewest time between two warnings about one queue. */
	static final Duration WARN_EVERY = Duration.ofMinutes(1);

	private static final Logger logger = LoggerFactory.getLogger(BacklogWatch.class);

	private final RedisBroker broker;

	private final BacklogLimits limits;

	private final LongSupplier nanoTime;

	/** Queue -> System.nanoTime of its last warning; written by the checking thread. */
	private final Map<String, Long> warnedAt = new ConcurrentHashMap<>();

	public BacklogWatch(RedisBroker broker, BacklogLimits limits) {
		this(broker, limits, System::nanoTime);
	}

	BacklogWatch(RedisBroker broker, BacklogLimits limits, LongSupplier nanoTime) {
		this.broker = broker;
		this.limits = limits;
		this.nanoTime = nanoTime;
	}

	/** The limits watched. */
	public BacklogLimits limits() {
		return this.limits;
	}

	/** The fill of each queue with a limit (one stats call per queue). */
	public Map<String, Fill> fills() {
		Map<String, Fill> fills = new LinkedHashMap<>();
		this.limits.all().forEach((queue, limit) -> fills.put(queue, fill(this.broker.stats(queue), limit)));
		return fills;
	}

	/** The fill of a queue from its stats. */
	public static Fill fill(QueueStats stats, BacklogLimit limit) {
		return new Fill(stats.pending() + stats.scheduled() + stats.retry(), limit.maxBacklog());
	}

	/** Warn about each queue at or past {@value #WARN_PERCENT} % of its limit. */
	public void check() {
		fills().forEach((queue, fill) -> {
			if (fill.percent() < WARN_PERCENT) {
				return;
			}
			long now = this.nanoTime.getAsLong();
			Long last = this.warnedAt.get(queue);
			if (last != null && now - last < WARN_EVERY.toNanos()) {
				return;
			}
			this.warnedAt.put(queue, now);
			logger.warn(
					"Queue '{}' is {} % full: backlog (pending + scheduled + retry) {} of "
							+ "async-task.queues.{}.max-backlog={}; past it submits are refused (QueueFullException). "
							+ "Its workers fall behind: add instances or concurrency, or find what slows its tasks",
					queue, fill.percent(), fill.backlog(), queue, fill.limit());
		});
	}

	/**
	 * How full a queue is.
	 *
	 * @param backlog pending + scheduled + retry
	 * @param limit its max-backlog
	 */
	public record Fill(long backlog, long limit) {

		/**
		 * The backlog in whole percent of the limit (may pass 100 by the sharding slack).
		 */
		public long percent() {
			return (this.limit > 0) ? this.backlog * 100 / this.limit : 0;
		}

	}

}
