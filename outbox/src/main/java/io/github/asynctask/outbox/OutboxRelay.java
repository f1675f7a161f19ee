package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

	/** Rounds run again at once after the database rolled them back (deadlocks). */
	private static final int MAX_ROLLED_BACK_ROUNDS = 3;

	private final DataSource dataSource;

	private final OutboxTable table;

	private final OutboxDelivery delivery;

	private final Settings settings;

	private final Clock clock;

	private final AtomicLong relayed = new AtomicLong();

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
		this.dataSource = dataSource;
		this.table = table;
		this.delivery = new OutboxDelivery(broker);
		this.settings = settings;
		this.clock = clock;
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
		return this.relayed.get();
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
		for (int attempt = 1;; attempt++) {
			try {
				return relayRound();
			}
			catch (RolledBackRound ex) {
				if (attempt == MAX_ROLLED_BACK_ROUNDS) {
					throw new IllegalStateException(
							"Outbox relay could not read table '" + this.table + "': " + ex.getCause().getMessage(),
							ex.getCause());
				}
			}
		}
	}

	/**
	 * One round in one transaction. A deadlock or serialization failure the database
	 * resolved by rolling this round back (SQLSTATE class 40: two relays updating the
	 * same rows' attempts on MySQL/MariaDB) is not a failure: the round is run again.
	 */
	private int relayRound() {
		try (Connection connection = this.dataSource.getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			connection.setAutoCommit(false);
			try {
				int moved = relay(connection);
				connection.commit();
				return moved;
			}
			catch (SQLException | RuntimeException ex) {
				connection.rollback();
				throw ex;
			}
			finally {
				connection.setAutoCommit(autoCommit);
			}
		}
		catch (SQLException ex) {
			if (ex.getSQLState() != null && ex.getSQLState().startsWith("40")) {
				throw new RolledBackRound(ex);
			}
			throw new IllegalStateException(
					"Outbox relay could not read table '" + this.table + "': " + ex.getMessage(), ex);
		}
	}

	/** A round the database rolled back to break a deadlock. */
	private static final class RolledBackRound extends RuntimeException {

		RolledBackRound(SQLException cause) {
			super(cause);
		}

	}

	private int relay(Connection connection) throws SQLException {
		List<OutboxRow> rows = lockOldest(connection);
		if (rows.isEmpty()) {
			return 0;
		}
		OutboxDelivery.Outcome outcome = this.delivery.deliver(rows);
		for (Map.Entry<OutboxRow, String> refused : outcome.refused.entrySet()) {
			recordError(connection, List.of(refused.getKey().id()), refused.getValue());
		}
		if (!outcome.full.isEmpty()) {
			// not the row's fault: no attempt counted, so a long-full queue never buries
			// it
			logger.debug("Outbox relay keeps {} row(s) whose queue is full (max-backlog) for a later round",
					outcome.full.size());
		}
		RuntimeException failure = outcome.failure;
		if (failure != null) {
			recordError(connection, ids(outcome.unsent), failure.toString());
		}
		if (!outcome.gone.isEmpty()) {
			if (CrashPoints.AFTER_RELAY_WRITE) {
				CrashPoints.halt("after the relay's Redis write, before the delete");
			}
			execute(connection, this.table.deleteIds(outcome.gone.size()), null, ids(outcome.gone));
			this.relayed.addAndGet(outcome.gone.size());
			logger.debug("Outbox relay moved {} row(s) to Redis", outcome.gone.size());
		}
		if (failure != null) {
			connection.commit();
			throw failure;
		}
		return outcome.gone.size();
	}

	private static List<String> ids(List<OutboxRow> rows) {
		return rows.stream().map(OutboxRow::id).toList();
	}

	private List<OutboxRow> lockOldest(Connection connection) throws SQLException {
		List<OutboxRow> rows = new ArrayList<>(this.settings.batchSize());
		try (PreparedStatement select = connection.prepareStatement(this.table.selectForRelay())) {
			select.setLong(1, this.clock.millis() - this.settings.relayAfter().toMillis());
			select.setInt(2, this.settings.batchSize());
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					rows.add(new OutboxRow(result.getString(1), result.getString(2), result.getString(3),
							result.getInt(4)));
				}
			}
		}
		return rows;
	}

	private void recordError(Connection connection, List<String> ids, String error) throws SQLException {
		String kept = (error.length() > 1000) ? error.substring(0, 1000) : error;
		execute(connection, this.table.recordError(ids.size()), kept, ids);
	}

	private static void execute(Connection connection, String sql, @Nullable String first, List<String> ids)
			throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			int index = 1;
			if (first != null) {
				statement.setString(index++, first);
			}
			for (String id : ids) {
				statement.setString(index++, id);
			}
			statement.executeUpdate();
		}
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
