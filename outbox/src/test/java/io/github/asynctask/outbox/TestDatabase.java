package io.github.asynctask.outbox;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

/**
 * Where an outbox test keeps its rows: a fresh database per test holding an
 * {@code orders} table, dropped after it. {@link TestDatabases} gives a test class the
 * one its {@link TestDatabases.On} names.
 */
interface TestDatabase {

	/** A fresh database with an orders table. */
	DataSource create();

	/** Drop what {@link #create()} made. */
	void drop(DataSource dataSource);

	/** An embedded H2 database per test. */
	final class H2 implements TestDatabase {

		@Override
		public DataSource create() {
			DataSource dataSource = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
				.generateUniqueName(true)
				.build();
			new JdbcTemplate(dataSource).execute("create table orders (id bigint primary key)");
			return dataSource;
		}

		@Override
		public void drop(DataSource dataSource) {
			new JdbcTemplate(dataSource).execute("shutdown");
		}

	}

}
