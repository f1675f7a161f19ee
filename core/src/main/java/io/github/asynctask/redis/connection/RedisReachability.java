package io.github.asynctask.redis.connection;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.asynctask.redis.script.ScriptFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether Redis has answered this instance since it started, shared by the parts that
 * connect on their own (workers, wake-up subscriptions, schedules): while it has not, the
 * first of them to fail says so in one WARN for all, the others' failures go to DEBUG,
 * and each retries with a {@link ReconnectBackoff}. Once Redis answered, a later outage
 * is each part's own to report, as before.
 */
public final class RedisReachability {

	private static final Logger logger = LoggerFactory.getLogger(RedisReachability.class);

	private final String target;

	private final AtomicBoolean warned = new AtomicBoolean();

	private volatile boolean reached;

	/**
	 * @param target the Redis named in log lines ({@link RedisTarget#describe})
	 */
	public RedisReachability(String target) {
		this.target = target;
	}

	/** The Redis this instance talks to, as log lines name it. */
	public String target() {
		return this.target;
	}

	/** Whether Redis has answered since this instance started. */
	public boolean isReached() {
		return this.reached;
	}

	/** Redis answered. */
	public void reached() {
		this.reached = true;
	}

	/**
	 * A part could not reach Redis before it first answered, and retries on its own: the
	 * first such failure of any part warns, the others go to DEBUG.
	 * @param part what failed, for the DEBUG line
	 * @param ex why
	 */
	public void unreachable(String part, RuntimeException ex) {
		if (!this.reached && this.warned.compareAndSet(false, true)) {
			logger.warn("Redis at {} cannot be reached ({}): the application runs and the asynctask health is DOWN; "
					+ "workers, wake-up subscriptions and schedules connect when it answers, retrying after {} s, "
					+ "doubling up to {} s; until then a submit outside a transaction throws RedisUnavailableException "
					+ "and a committed one waits in memory (or in the outbox table)", this.target,
					ScriptFailures.rootMessage(ex), ReconnectBackoff.FIRST.toSeconds(),
					ReconnectBackoff.MAX.toSeconds());
		}
		else {
			logger.debug("{} could not reach Redis at {}; retrying", part, this.target, ex);
		}
	}

}
