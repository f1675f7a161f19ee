package io.github.asynctask.outbox;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.asynctask.test.JdbcServers;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * Databases of the PostgreSQL tests at {@link JdbcServers#POSTGRES_URL}: one schema per
 * test, holding an {@code orders} table, dropped after it.
 */
final class PostgresSchemas implements TestDatabase {

	static final String URL = JdbcServers.POSTGRES_URL;

	static final String USER = JdbcServers.POSTGRES_USER;

	private final Map<DataSource, String> schemas = new ConcurrentHashMap<>();

	/** A DataSource on a fresh schema with an orders table. */
	@Override
	public DataSource create() {
		String schema = "outbox_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
		admin().execute("create schema " + schema + "; create table " + schema + ".orders (id bigint primary key)");
		DataSource dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(),
				URL + "?currentSchema=" + schema, USER, "");
		this.schemas.put(dataSource, schema);
		return dataSource;
	}

	/** Drop the schema of a DataSource {@link #create()} made. */
	@Override
	public void drop(DataSource dataSource) {
		admin().execute("drop schema " + this.schemas.remove(dataSource) + " cascade");
	}

	private static JdbcTemplate admin() {
		return new JdbcTemplate(new SimpleDriverDataSource(new org.postgresql.Driver(), URL, USER, ""));
	}

}
