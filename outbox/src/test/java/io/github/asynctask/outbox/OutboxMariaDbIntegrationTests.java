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
 * The outbox on MariaDB (or MySQL), when one answers at
 * {@code ASYNCTASK_TEST_MARIADB_URL} (default {@code jdbc:mariadb://127.0.0.1:3306/test},
 * user {@code root}, no password); skipped when none does. Each test works in a database
 * of its own.
 */
class OutboxMariaDbIntegrationTests extends OutboxIntegrationTests {

	static final String URL = JdbcServers.MARIADB_URL;

	static final String USER = JdbcServers.MARIADB_USER;

	private final Map<DataSource, String> databases = new ConcurrentHashMap<>();

	OutboxMariaDbIntegrationTests(RedisServer redis) {
		super(redis);
	}

	@BeforeAll
	static void requireMariaDb() {
		JdbcServers.assumeReachable(URL, USER);
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
