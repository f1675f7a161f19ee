package io.github.asynctask.submit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.test.JdbcServers;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The after-commit guarantees on PostgreSQL, when one answers at
 * {@code ASYNCTASK_TEST_POSTGRES_URL} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres}); each context
 * works in a schema of its own.
 */
class AfterCommitPostgresIntegrationTests extends AfterCommitIntegrationTests {

	private static final String URL = JdbcServers.POSTGRES_URL;

	private static final String USER = JdbcServers.POSTGRES_USER;

	private static final List<String> schemas = new CopyOnWriteArrayList<>();

	AfterCommitPostgresIntegrationTests(RedisServer redis) {
		super(redis);
	}

	@BeforeAll
	static void requirePostgres() {
		JdbcServers.assumeReachable(URL, USER);
	}

	@AfterAll
	static void dropSchemas() {
		schemas.forEach((schema) -> admin().execute("drop schema " + schema + " cascade"));
	}

	@Override
	DataSource dataSource() {
		String schema = "asynctask_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
		schemas.add(schema);
		admin().execute("create schema " + schema + "; create table " + schema + ".orders (id bigint primary key)");
		return new SimpleDriverDataSource(new org.postgresql.Driver(), URL + "?currentSchema=" + schema, USER, "");
	}

	private static JdbcTemplate admin() {
		return new JdbcTemplate(new SimpleDriverDataSource(new org.postgresql.Driver(), URL, USER, ""));
	}

}
