package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.submit.ResendBuffer;
import io.github.asynctask.submit.TaskSubmitter;
import io.github.asynctask.test.RedisServer;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * A real Redis, an outbox table in a given database and a submitter writing to it: what
 * the tests of the outbox under other data-access stacks (JPA, jOOQ) share.
 */
final class OutboxFixture implements AutoCloseable {

	final DataSource dataSource;

	final OutboxTable table;

	final LuaRedisBroker broker;

	final TaskSubmitter submitter;

	private final LettuceConnectionFactory connectionFactory;

	private final OutboxCleaner cleaner;

	private final ResendBuffer resendBuffer;

	OutboxFixture(RedisServer redis, DataSource dataSource) {
		redis.flushAll();
		this.dataSource = dataSource;
		this.connectionFactory = OutboxIntegrationTests.connect(redis.port());
		this.broker = new LuaRedisBroker(this.connectionFactory, OutboxIntegrationTests.KEYS);
		this.table = new OutboxTable(
				"outbox_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE));
		new OutboxSchema(dataSource, this.table).initialize(InitializeSchema.ALWAYS);
		this.cleaner = new OutboxCleaner(dataSource, this.table);
		this.resendBuffer = new ResendBuffer(this.broker, 1000, new CompositeTaskListener(List.of()));
		this.submitter = OutboxIntegrationTests.submitter(this.broker,
				new JdbcSubmitOutbox(dataSource, this.table, this.cleaner, Clock.systemUTC()), this.resendBuffer);
	}

	/**
	 * Outbox rows as a connection of its own sees them (the committed ones), also while a
	 * transaction is bound to the thread.
	 */
	int committedRows() {
		try (Connection connection = this.dataSource.getConnection()) {
			return rows(connection);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Outbox rows as the given connection sees them. */
	int rows(Connection connection) throws SQLException {
		try (Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("select count(*) from " + this.table.name())) {
			result.next();
			return result.getInt(1);
		}
	}

	Optional<TaskState> state(String id) {
		return this.broker.find(OutboxIntegrationTests.QUEUE, id).map(TaskInfo::state);
	}

	@Override
	public void close() {
		this.cleaner.close();
		this.resendBuffer.close();
		this.connectionFactory.destroy();
	}

}
