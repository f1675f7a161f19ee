package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes outbox rows whose tasks Redis took, in short autocommit statements of up to
 * {@value #MAX_BATCH} ids, from one background thread ({@code asynctask-outbox-cleaner}):
 * the committing thread neither waits for it nor takes a second connection from the pool
 * while it holds one. A row whose delete is lost (a crash, a full queue, a failing
 * database) is only sent again by the relay, which Redis answers "already exists".
 */
public final class OutboxCleaner implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(OutboxCleaner.class);

	static final int MAX_BATCH = 500;

	static final int CAPACITY = 100_000;

	private final DataSource dataSource;

	private final OutboxTable table;

	private final BlockingQueue<String> ids = new LinkedBlockingQueue<>(CAPACITY);

	private final Object lock = new Object();

	// Guarded by lock.
	private @Nullable Thread thread;

	private volatile boolean closed;

	public OutboxCleaner(DataSource dataSource, OutboxTable table) {
		this.dataSource = dataSource;
		this.table = table;
	}

	/** Delete these rows soon. */
	public void delete(List<String> rowIds) {
		int dropped = 0;
		for (String id : rowIds) {
			if (!this.ids.offer(id)) {
				dropped++;
			}
		}
		if (dropped > 0) {
			logger.debug("Outbox cleaner is full; {} row(s) stay for the relay to send again", dropped);
		}
		start();
	}

	/** How many deletes wait. */
	public int waiting() {
		return this.ids.size();
	}

	private void start() {
		synchronized (this.lock) {
			if (this.thread == null && !this.closed) {
				Thread started = new Thread(this::run, "asynctask-outbox-cleaner");
				started.setDaemon(true);
				started.start();
				this.thread = started;
			}
		}
	}

	private void run() {
		while (!this.closed || !this.ids.isEmpty()) {
			try {
				String first = this.ids.poll(200, TimeUnit.MILLISECONDS);
				if (first != null) {
					List<String> batch = new ArrayList<>(MAX_BATCH);
					batch.add(first);
					this.ids.drainTo(batch, MAX_BATCH - 1);
					deleteNow(batch);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	/** Delete these rows now, in one autocommit statement; failures are logged. */
	void deleteNow(List<String> batch) {
		try (Connection connection = this.dataSource.getConnection()) {
			connection.setAutoCommit(true);
			try (PreparedStatement statement = connection.prepareStatement(this.table.deleteIds(batch.size()))) {
				for (int i = 0; i < batch.size(); i++) {
					statement.setString(i + 1, batch.get(i));
				}
				statement.executeUpdate();
			}
		}
		catch (SQLException | RuntimeException ex) {
			logger.warn("Could not delete {} sent row(s) from outbox table '{}' ({}); the relay sends them again, "
					+ "which Redis ignores", batch.size(), this.table, ex.toString());
		}
	}

	/** Delete what waits, then stop. */
	@Override
	public void close() {
		Thread running;
		synchronized (this.lock) {
			this.closed = true;
			running = this.thread;
		}
		if (running != null) {
			try {
				running.join(5_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
