package io.github.asynctask.outbox;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves to Redis the outbox rows that a crash or an outage left behind: rows older than
 * {@code relayAfter} (the after-commit path takes the rest within milliseconds), oldest
 * first, in batches locked with {@code SELECT ... FOR UPDATE SKIP LOCKED} so that relays
 * on several instances never send the same row concurrently. Each batch goes to Redis in
 * one pipelined call and is deleted in the same database transaction; a crash between the
 * two sends the batch again, which Redis answers "already exists" (the task id is the
 * idempotency key, remembered after completion for the completed-ids window). No row
 * holds up the rows behind it ({@link OutboxDelivery}): one that cannot be read goes to
 * the queue's dead set with the reason at once, one Redis refuses after
 * {@value OutboxDelivery#MAX_REFUSALS} attempts. One background thread
 * ({@code asynctask-outbox-relay}); a full batch is followed by the next at once, so a
 * backlog drains at the speed of the database and Redis.
 */
public final class OutboxRelay implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

	private final OutboxTable table;

	private final OutboxDelivery delivery;

	private final OutboxRound round;

	private final Settings settings;

	private final AtomicLong errors = new AtomicLong();

	private final Object lock = new Object();

	// Guarded by lock.
	private @Nullable Thread thread;

	// Guarded by lock.
	private boolean running;

	/**
	 * How the relay works.
	 *
	 * @param relayAfter how old a row must be before the relay takes it
	 * @param interval the pause between rounds that found less than a batch
	 * @param batchSize rows per round
	 */
	public record Settings(Duration relayAfter, Duration interval, int batchSize) {

		public Settings {
			if (relayAfter.isNegative()) {
				throw new IllegalArgumentException(
						"async-task.outbox.relay-after must not be negative but was " + relayAfter);
			}
			if (interval.isNegative() || interval.isZero()) {
				throw new IllegalArgumentException(
						"async-task.outbox.relay-interval must be positive but was " + interval);
			}
			if (batchSize <= 0) {
				throw new IllegalArgumentException(
						"async-task.outbox.relay-batch-size must be positive but was " + batchSize);
			}
		}

		/** Rows older than 5 s, every second, 500 at a time. */
		public static Settings defaults() {
			return new Settings(Duration.ofSeconds(5), Duration.ofSeconds(1), 500);
		}

	}

	public OutboxRelay(DataSource dataSource, OutboxTable table, RedisBroker broker, Settings settings, Clock clock) {
		this.table = table;
		this.delivery = new OutboxDelivery(broker);
		this.round = new OutboxRound(dataSource, table, this.delivery, settings, clock);
		this.settings = settings;
	}

	/** Start the background loop. */
	public void start() {
		synchronized (this.lock) {
			if (this.thread != null) {
				return;
			}
			this.running = true;
			Thread started = new Thread(this::loop, "asynctask-outbox-relay");
			started.setDaemon(true);
			started.start();
			this.thread = started;
		}
	}

	/** Rows sent to Redis (or to its dead set) by this relay since it started. */
	public long relayed() {
		return this.round.relayed();
	}

	/**
	 * Rows sent to the dead set by this relay since it started: unreadable, or refused by
	 * Redis {@value OutboxDelivery#MAX_REFUSALS} times.
	 */
	public long buried() {
		return this.delivery.buried();
	}

	/** Rounds that failed (Redis or the database unreachable) since the relay started. */
	public long errors() {
		return this.errors.get();
	}

	private void loop() {
		Duration backoff = this.settings.interval();
		long failedRounds = 0;
		// the first round an interval after start, when the application is up
		pause(this.settings.interval());
		while (isRunning()) {
			Duration pause = this.settings.interval();
			try {
				int moved = relayOnce();
				if (moved > 0 && failedRounds > 0) {
					logger.info("Outbox relay moves rows again after {} failed round(s)", failedRounds);
					failedRounds = 0;
				}
				backoff = this.settings.interval();
				if (moved == this.settings.batchSize()) {
					continue;
				}
			}
			catch (RuntimeException ex) {
				this.errors.incrementAndGet();
				// once per outage at WARN; the meter counts the rest
				if (failedRounds++ == 0) {
					logger.warn("Outbox relay round failed ({}); rows stay in table '{}' and are retried",
							ex.toString(), this.table);
				}
				else {
					logger.debug("Outbox relay round failed again ({}); next in {} ms", ex.toString(),
							backoff.toMillis());
				}
				pause = backoff;
				backoff = min(backoff.multipliedBy(2), MAX_BACKOFF);
			}
			pause(pause);
		}
	}

	private boolean isRunning() {
		synchronized (this.lock) {
			return this.running;
		}
	}

	private void pause(Duration pause) {
		synchronized (this.lock) {
			if (this.running) {
				try {
					TimeUnit.MILLISECONDS.timedWait(this.lock, pause.toMillis());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					this.running = false;
				}
			}
		}
	}

	private static Duration min(Duration a, Duration b) {
		return (a.compareTo(b) <= 0) ? a : b;
	}

	/**
	 * One round: lock up to a batch of old rows, send them, delete those Redis took (or
	 * that went to the dead set), count an attempt on the others, commit.
	 * @return rows moved (to the queues or their dead sets)
	 * @throws io.github.asynctask.RedisUnavailableException when Redis could not be
	 * reached (the rows not sent stay, their attempts counted and the error kept); never
	 * for a row Redis refuses
	 * @throws IllegalStateException when the database failed
	 */
	public int relayOnce() {
		return this.round.run();
	}

	/** Stop the loop, letting a round under way finish. */
	@Override
	public void close() {
		Thread running;
		synchronized (this.lock) {
			this.running = false;
			this.lock.notifyAll();
			running = this.thread;
			this.thread = null;
		}
		if (running != null) {
			try {
				running.join(10_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
