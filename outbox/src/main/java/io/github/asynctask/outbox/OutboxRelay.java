package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.EnqueueRequest;
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
 * idempotency key, remembered after completion for the completed-ids window). A row that
 * cannot be read goes to the queue's dead set with the reason and is deleted, never
 * blocking the rows behind it. One background thread ({@code asynctask-outbox-relay}); a
 * full batch is followed by the next at once, so a backlog drains at the speed of the
 * database and Redis.
 */
public final class OutboxRelay implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

	/** The queue that takes an unreadable row whose queue column is not a valid queue. */
	static final String FALLBACK_QUEUE = "default";

	private final DataSource dataSource;

	private final OutboxTable table;

	private final RedisBroker broker;

	private final OutboxRowFormat format = new OutboxRowFormat();

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
		this.broker = broker;
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
	 * One round: lock up to a batch of old rows, send them, delete them, commit.
	 * @return rows moved
	 * @throws io.github.asynctask.RedisUnavailableException when Redis did not take them
	 * (the rows stay, their attempts counted and the error kept)
	 * @throws IllegalStateException when the database failed
	 */
	public int relayOnce() {
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
			throw new IllegalStateException(
					"Outbox relay could not read table '" + this.table + "': " + ex.getMessage(), ex);
		}
	}

	private int relay(Connection connection) throws SQLException {
		List<Row> rows = lockOldest(connection);
		if (rows.isEmpty()) {
			return 0;
		}
		List<EnqueueRequest> requests = new ArrayList<>(rows.size());
		List<String> ids = new ArrayList<>(rows.size());
		Set<String> queues = new LinkedHashSet<>();
		for (Row row : rows) {
			ids.add(row.id());
			try {
				requests.add(this.format.read(row.id(), row.queue(), row.data()));
				queues.add(row.queue());
			}
			catch (OutboxRowFormat.UnreadableRowException ex) {
				bury(row, ex.getMessage());
			}
		}
		try {
			this.broker.enqueueAll(requests);
		}
		catch (RuntimeException ex) {
			recordError(connection, ids, ex.toString());
			connection.commit();
			throw ex;
		}
		if (!queues.isEmpty()) {
			registerQueues(queues);
		}
		if (CrashPoints.AFTER_RELAY_WRITE) {
			CrashPoints.halt("after the relay's Redis write, before the delete");
		}
		execute(connection, this.table.deleteIds(ids.size()), null, ids);
		this.relayed.addAndGet(rows.size());
		logger.debug("Outbox relay moved {} row(s) to Redis", rows.size());
		return rows.size();
	}

	private List<Row> lockOldest(Connection connection) throws SQLException {
		List<Row> rows = new ArrayList<>(this.settings.batchSize());
		try (PreparedStatement select = connection.prepareStatement(this.table.selectForRelay())) {
			select.setLong(1, this.clock.millis() - this.settings.relayAfter().toMillis());
			select.setInt(2, this.settings.batchSize());
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					rows.add(new Row(result.getString(1), result.getString(2), result.getString(3)));
				}
			}
		}
		return rows;
	}

	private void bury(Row row, String reason) {
		String queue = row.queue();
		String why = "unreadable outbox row: " + reason;
		try {
			QueueName.check(queue);
		}
		catch (IllegalArgumentException ex) {
			why = why + " (its queue '" + queue + "' is not a valid queue name)";
			queue = FALLBACK_QUEUE;
		}
		logger.error("Outbox row {} of queue '{}' cannot be read ({}); moved to the dead set of queue '{}'", row.id(),
				row.queue(), reason, queue);
		this.broker.bury(queue, row.id(), row.data(), why);
		registerQueues(Set.of(queue));
	}

	private void registerQueues(Set<String> queues) {
		try {
			this.broker.registerQueues(queues);
		}
		catch (RuntimeException ex) {
			logger.debug("Could not register queues {}: {}", queues, ex.toString());
		}
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

	private record Row(String id, String queue, String data) {
	}

}
