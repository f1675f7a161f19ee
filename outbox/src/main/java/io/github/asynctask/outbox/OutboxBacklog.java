package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

/**
 * What waits in the outbox table: rows and the age of the oldest, for the meters, the
 * endpoint and the console. One {@code COUNT(*)} query, cached for {@code maxAge} so that
 * several readers (gauges, pages) cost one query; during a long outage the table grows
 * and the count gets slower, never the relay.
 */
public final class OutboxBacklog {

	private final DataSource dataSource;

	private final OutboxTable table;

	private final Clock clock;

	private final Duration maxAge;

	private volatile @Nullable Snapshot last;

	/**
	 * What the table held.
	 *
	 * @param rows rows waiting, -1 when the table could not be read
	 * @param oldest age of the oldest row, zero when empty
	 * @param takenAtMillis when it was read (epoch ms)
	 */
	public record Snapshot(long rows, Duration oldest, long takenAtMillis) {
	}

	public OutboxBacklog(DataSource dataSource, OutboxTable table, Clock clock, Duration maxAge) {
		this.dataSource = dataSource;
		this.table = table;
		this.clock = clock;
		this.maxAge = maxAge;
	}

	/** The table's name. */
	public String table() {
		return this.table.name();
	}

	/** The backlog, read at most {@code maxAge} ago. */
	public Snapshot current() {
		Snapshot snapshot = this.last;
		long now = this.clock.millis();
		if (snapshot == null || now - snapshot.takenAtMillis() >= this.maxAge.toMillis()) {
			snapshot = read(now);
			this.last = snapshot;
		}
		return snapshot;
	}

	private Snapshot read(long now) {
		try (Connection connection = this.dataSource.getConnection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(this.table.backlog())) {
			result.next();
			long rows = result.getLong(1);
			long oldest = result.getLong(2);
			boolean empty = result.wasNull() || rows == 0;
			return new Snapshot(rows, empty ? Duration.ZERO : Duration.ofMillis(Math.max(0, now - oldest)), now);
		}
		catch (SQLException ex) {
			return new Snapshot(-1, Duration.ZERO, now);
		}
	}

}
