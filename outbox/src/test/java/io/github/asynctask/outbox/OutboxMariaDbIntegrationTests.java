package io.github.asynctask.outbox;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The outbox on MariaDB (or MySQL), when one answers at
 * {@code ASYNCTASK_TEST_MARIADB_URL} (default {@code jdbc:mariadb://127.0.0.1:3306/test},
 * user {@code root}, no password); skipped when none does. Each test works in a database
 * of its own.
 */
class OutboxMariaDbIntegrationTests extends OutboxIntegrationTests {

	static final String URL = System.getenv()
		.getOrDefault("ASYNCTASK_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test");

	static final String USER = System.getenv().getOrDefault("ASYNCTASK_TEST_MARIADB_USER", "root");

	private final Map<DataSource, String> databases = new ConcurrentHashMap<>();

	OutboxMariaDbIntegrationTests(RedisServer redis) {
		super(redis);
	}

	@BeforeAll
	static void requireMariaDb() {
		try (Connection connection = DriverManager.getConnection(URL, USER, "")) {
			assumeTrue(connection.isValid(2), "MariaDB at " + URL + " is not valid");
		}
		catch (SQLException ex) {
			assumeTrue(false, "No MariaDB at " + URL + ": " + ex.getMessage());
		}
	}

	@Override
	DataSource dataSource() {
		String database = "outbox_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
		admin().execute("create database " + database);
		DataSource dataSource = new SimpleDriverDataSource(new org.mariadb.jdbc.Driver(),
				URL.substring(0, URL.lastIndexOf('/') + 1) + database, USER, "");
		new JdbcTemplate(dataSource).execute("create table orders (id bigint primary key) engine=InnoDB");
		this.databases.put(dataSource, database);
		return dataSource;
	}

	@Override
	void dropDatabase(DataSource dataSource) {
		admin().execute("drop database " + this.databases.remove(dataSource));
	}

	private static JdbcTemplate admin() {
		return new JdbcTemplate(new SimpleDriverDataSource(new org.mariadb.jdbc.Driver(), URL, USER, ""));
	}

}
