package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of the {@link OutboxRelay}, in one database transaction: lock up to a batch
 * of old rows, send them, delete those Redis took (or that went to the dead set), count
 * an attempt on the others, commit.
 */
final class OutboxRound {

	// logged under the relay, whose rounds these are
	private static final Logger logger = LoggerFactory.getLogger(OutboxRelay.class);

	/** Rounds run again at once after the database rolled them back (deadlocks). */
	private static final int MAX_ROLLED_BACK_ROUNDS = 3;

	private final DataSource dataSource;

	private final OutboxTable table;

	private final OutboxDelivery delivery;

	private final OutboxRelay.Settings settings;

	private final Clock clock;

	private final AtomicLong relayed = new AtomicLong();

	OutboxRound(DataSource dataSource, OutboxTable table, OutboxDelivery delivery, OutboxRelay.Settings settings,
			Clock clock) {
		this.dataSource = dataSource;
		this.table = table;
		this.delivery = delivery;
		this.settings = settings;
		this.clock = clock;
	}

	/** Rows sent to Redis (or to its dead set) since the relay started. */
	long relayed() {
		return this.relayed.get();
	}

	/**
	 * Run one round, again at once when the database rolled it back to break a deadlock.
	 * @return rows moved (to the queues or their dead sets)
	 */
	int run() {
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

}
