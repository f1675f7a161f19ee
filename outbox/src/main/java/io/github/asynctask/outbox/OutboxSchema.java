package io.github.asynctask.outbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the outbox table from the DDL file shipped for the database (when
 * {@link InitializeSchema} says so) and checks at start-up that it is there, refusing
 * start-up with the table's name and the DDL file to apply when it is not.
 */
public final class OutboxSchema {

	private static final Logger logger = LoggerFactory.getLogger(OutboxSchema.class);

	private static final String DDL_DIRECTORY = "io/github/asynctask/outbox/";

	private final DataSource dataSource;

	private final OutboxTable table;

	public OutboxSchema(DataSource dataSource, OutboxTable table) {
		this.dataSource = dataSource;
		this.table = table;
	}

	/**
	 * Create the table if the mode asks for it, then check it exists.
	 * @throws IllegalStateException naming the table and the DDL file when it is missing
	 */
	public void initialize(InitializeSchema mode) {
		try (Connection connection = this.dataSource.getConnection()) {
			String product = connection.getMetaData().getDatabaseProductName();
			String ddl = ddlFile(product);
			boolean embedded = isEmbedded(product);
			if (mode == InitializeSchema.ALWAYS || (mode == InitializeSchema.EMBEDDED && embedded)) {
				if (ddl == null) {
					throw new IllegalStateException("async-task.outbox: no DDL is shipped for " + product
							+ "; create table '" + this.table + "' yourself (columns as in classpath:" + DDL_DIRECTORY
							+ "schema-postgresql.sql) and set async-task.outbox.initialize-schema=never");
				}
				create(connection, ddl);
			}
			check(connection, product, ddl);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("async-task.outbox: could not reach the database to check table '"
					+ this.table + "': " + ex.getMessage(), ex);
		}
	}

	private void create(Connection connection, String ddl) throws SQLException {
		boolean autoCommit = connection.getAutoCommit();
		connection.setAutoCommit(true);
		try (Statement statement = connection.createStatement()) {
			for (String sql : statements(ddl)) {
				statement.execute(sql);
			}
		}
		finally {
			connection.setAutoCommit(autoCommit);
		}
		logger.debug("Outbox table '{}' created if missing from classpath:{}", this.table, ddl);
	}

	private void check(Connection connection, String product, String ddl) {
		try (Statement statement = connection.createStatement()) {
			statement.executeQuery(this.table.probe()).close();
		}
		catch (SQLException ex) {
			String file = (ddl != null) ? "classpath:" + ddl : "the DDL files under classpath:" + DDL_DIRECTORY;
			throw new IllegalStateException("async-task.outbox: table '" + this.table + "' is missing or unreadable in "
					+ product + " (" + ex.getMessage() + "). Create it with " + file + " (rename async_task_outbox to '"
					+ this.table
					+ "'), e.g. in a Flyway or Liquibase migration, or set async-task.outbox.initialize-schema=always",
					ex);
		}
	}

	/** The statements of a DDL file with the configured table name, comments dropped. */
	List<String> statements(String ddl) {
		String text = read(ddl)
			.replace(OutboxTable.DEFAULT_NAME + "_created_at", this.table.simpleName() + "_created_at")
			.replace(OutboxTable.DEFAULT_NAME + " ", this.table.name() + " ");
		StringBuilder current = new StringBuilder();
		List<String> statements = new ArrayList<>();
		for (String line : text.split("\n")) {
			if (line.strip().startsWith("--")) {
				continue;
			}
			current.append(line).append('\n');
			if (line.strip().endsWith(";")) {
				String sql = current.toString().strip();
				statements.add(sql.substring(0, sql.length() - 1));
				current.setLength(0);
			}
		}
		return statements;
	}

	/** The shipped DDL resource for a database product, or null when there is none. */
	static String ddlFile(String product) {
		String name = product.toLowerCase(Locale.ROOT);
		if (name.contains("postgres")) {
			return DDL_DIRECTORY + "schema-postgresql.sql";
		}
		if (name.contains("mysql") || name.contains("mariadb")) {
			return DDL_DIRECTORY + "schema-mysql.sql";
		}
		if (name.equals("h2")) {
			return DDL_DIRECTORY + "schema-h2.sql";
		}
		return null;
	}

	private static boolean isEmbedded(String product) {
		String name = product.toLowerCase(Locale.ROOT);
		return name.equals("h2") || name.contains("hsql") || name.contains("derby");
	}

	private static String read(String resource) {
		try (InputStream in = OutboxSchema.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException("DDL file classpath:" + resource + " is missing from the jar");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
