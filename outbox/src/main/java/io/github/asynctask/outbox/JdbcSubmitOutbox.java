package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

import javax.sql.DataSource;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.submit.SubmitOutbox;

import org.springframework.core.Ordered;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The outbox on a JDBC {@link DataSource}: a submit inside a transaction that holds a
 * connection of that DataSource (a {@code DataSourceTransactionManager}, a
 * {@code JpaTransactionManager} exposing its connection, jOOQ or {@code JdbcClient} on
 * Spring's transaction) inserts one row through that connection, so the row commits or
 * rolls back with the business data. Rows Redis took after the commit are handed to the
 * {@link OutboxCleaner}, off the committing thread.
 */
public final class JdbcSubmitOutbox implements SubmitOutbox {

	private final DataSource dataSource;

	private final OutboxTable table;

	private final JdbcTemplate jdbc;

	private final OutboxRowFormat format = new OutboxRowFormat();

	private final OutboxCleaner cleaner;

	private final Clock clock;

	/**
	 * Create the outbox.
	 * @param dataSource the application's DataSource, whose transactions it joins
	 * @param table the table
	 * @param cleaner deletes the rows Redis took
	 * @param clock the time source of {@code created_at}
	 */
	public JdbcSubmitOutbox(DataSource dataSource, OutboxTable table, OutboxCleaner cleaner, Clock clock) {
		this.dataSource = dataSource;
		this.table = table;
		this.jdbc = new JdbcTemplate(dataSource);
		this.cleaner = cleaner;
		this.clock = clock;
	}

	@Override
	public boolean joinsCurrentTransaction() {
		return TransactionSynchronizationManager.isActualTransactionActive()
				&& TransactionSynchronizationManager.hasResource(this.dataSource);
	}

	@Override
	public void write(EnqueueRequest request) {
		String row = this.format.write(request);
		try {
			this.jdbc.execute((ConnectionCallback<Integer>) (connection) -> insert(connection, request, row));
		}
		catch (DataAccessException ex) {
			throw new IllegalStateException("async-task.outbox: could not write task " + request.id() + " ('"
					+ request.name() + "') to outbox table '" + this.table + "' in the current transaction: "
					+ ex.getMostSpecificCause().getMessage(), ex);
		}
		if (CrashPoints.AFTER_COMMIT) {
			TransactionSynchronizationManager.registerSynchronization(new HaltAfterCommit());
		}
	}

	private int insert(Connection connection, EnqueueRequest request, String row) throws SQLException {
		if (TransactionSynchronizationManager.isCurrentTransactionReadOnly() || connection.isReadOnly()) {
			throw new IllegalStateException("async-task.outbox: task " + request.id() + " ('" + request.name()
					+ "') cannot be written to outbox table '" + this.table
					+ "': the transaction's connection is read-only (@Transactional(readOnly = true) or a "
					+ "read-only DataSource). Submit from a read-write transaction, or outside the transaction");
		}
		try (PreparedStatement statement = connection.prepareStatement(this.table.insert())) {
			statement.setString(1, request.id());
			statement.setString(2, request.queue());
			statement.setString(3, row);
			statement.setLong(4, this.clock.millis());
			return statement.executeUpdate();
		}
	}

	@Override
	public void sent(List<EnqueueRequest> requests) {
		this.cleaner.delete(requests.stream().map(EnqueueRequest::id).toList());
	}

	/**
	 * Halts the JVM once the transaction committed, before the submitter's Redis write.
	 */
	private static final class HaltAfterCommit implements TransactionSynchronization {

		@Override
		public int getOrder() {
			return Ordered.HIGHEST_PRECEDENCE;
		}

		@Override
		public void afterCommit() {
			CrashPoints.halt("after the commit, before the Redis write");
		}

	}

}
