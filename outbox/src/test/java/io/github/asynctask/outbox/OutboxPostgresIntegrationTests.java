package io.github.asynctask.outbox;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.test.JdbcServers;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The outbox on PostgreSQL, when one answers at {@code ASYNCTASK_TEST_POSTGRES_URL}
 * (default {@code jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres}, no
 * password); skipped when none does. Each test works in a schema of its own.
 */
class OutboxPostgresIntegrationTests extends OutboxIntegrationTests {

	static final String URL = JdbcServers.POSTGRES_URL;

	static final String USER = JdbcServers.POSTGRES_USER;

	private final Map<DataSource, String> schemas = new ConcurrentHashMap<>();

	OutboxPostgresIntegrationTests(RedisServer redis) {
		super(redis);
	}

	@BeforeAll
	static void requirePostgres() {
		JdbcServers.assumeReachable(URL, USER);
	}

	@Override
	DataSource dataSource() {
		String schema = "outbox_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
		admin().execute("create schema " + schema + "; create table " + schema + ".orders (id bigint primary key)");
		DataSource dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(),
				URL + "?currentSchema=" + schema, USER, "");
		this.schemas.put(dataSource, schema);
		return dataSource;
	}

	@Override
	void dropDatabase(DataSource dataSource) {
		admin().execute("drop schema " + this.schemas.remove(dataSource) + " cascade");
	}

	static JdbcTemplate admin() {
		return new JdbcTemplate(new SimpleDriverDataSource(new org.postgresql.Driver(), URL, USER, ""));
	}

}
