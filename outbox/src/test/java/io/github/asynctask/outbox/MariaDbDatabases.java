package io.github.asynctask.outbox;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.test.JdbcServers;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * Databases of the MariaDB (or MySQL) tests at {@link JdbcServers#MARIADB_URL}: one
 * database per test, holding an InnoDB {@code orders} table, dropped after it.
 */
final class MariaDbDatabases implements TestDatabase {

	static final String URL = JdbcServers.MARIADB_URL;

	static final String USER = JdbcServers.MARIADB_USER;

	private final Map<DataSource, String> databases = new ConcurrentHashMap<>();

	@Override
	public DataSource create() {
		String database = "outbox_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
		admin().execute("create database " + database);
		DataSource dataSource = new SimpleDriverDataSource(new org.mariadb.jdbc.Driver(),
				URL.substring(0, URL.lastIndexOf('/') + 1) + database, USER, "");
		new JdbcTemplate(dataSource).execute("create table orders (id bigint primary key) engine=InnoDB");
		this.databases.put(dataSource, database);
		return dataSource;
	}

	@Override
	public void drop(DataSource dataSource) {
		admin().execute("drop database " + this.databases.remove(dataSource));
	}

	private static JdbcTemplate admin() {
		return new JdbcTemplate(new SimpleDriverDataSource(new org.mariadb.jdbc.Driver(), URL, USER, ""));
	}

}
