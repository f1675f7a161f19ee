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
 * The outbox on a JDBC {@link DataSource}: the submits of a transaction that holds a
 * connection of that DataSource (a {@code DataSourceTransactionManager}, a
 * {@code JpaTransactionManager} exposing its connection, jOOQ or {@code JdbcClient} on
 * Spring's transaction) are inserted through that connection as one JDBC batch just
 * before the commit, so the rows commit or roll back with the business data. Rows Redis
 * took after the commit are handed to the {@link OutboxCleaner}, off the committing
 * thread.
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
	public void checkWritable(EnqueueRequest request) {
		boolean readOnly = TransactionSynchronizationManager.isCurrentTransactionReadOnly()
				|| Boolean.TRUE.equals(this.jdbc.execute((ConnectionCallback<Boolean>) Connection::isReadOnly));
		if (readOnly) {
			throw new IllegalStateException("async-task.outbox: task " + request.id() + " ('" + request.name()
					+ "') cannot be written to outbox table '" + this.table
					+ "': the transaction's connection is read-only (@Transactional(readOnly = true) or a "
					+ "read-only DataSource). Submit from a read-write transaction, or outside the transaction");
		}
		if (CrashPoints.AFTER_COMMIT) {
			TransactionSynchronizationManager.registerSynchronization(new HaltAfterCommit());
		}
	}

	@Override
	public void write(List<EnqueueRequest> requests) {
		try {
			this.jdbc.execute((ConnectionCallback<int[]>) (connection) -> insert(connection, requests));
		}
		catch (DataAccessException ex) {
			EnqueueRequest first = requests.get(0);
			throw new IllegalStateException("async-task.outbox: could not write " + requests.size()
					+ " task(s) (first: " + first.id() + " '" + first.name() + "') to outbox table '" + this.table
					+ "' in the committing transaction: " + ex.getMostSpecificCause().getMessage(), ex);
		}
	}

	private int[] insert(Connection connection, List<EnqueueRequest> requests) throws SQLException {
		long now = this.clock.millis();
		try (PreparedStatement statement = connection.prepareStatement(this.table.insert())) {
			for (EnqueueRequest request : requests) {
				statement.setString(1, request.id());
				statement.setString(2, request.queue());
				statement.setString(3, this.format.write(request));
				statement.setLong(4, now);
				statement.addBatch();
			}
			return statement.executeBatch();
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
