package io.github.asynctask.test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import org.junit.jupiter.api.Assumptions;

/**
 * The database servers some tests use when this machine has them (PostgreSQL, MariaDB),
 * each at a URL an environment variable may change; a test class calls
 * {@link #assumeReachable} first and is skipped, not failed, without its server.
 */
public final class JdbcServers {

	/**
	 * {@code ASYNCTASK_TEST_POSTGRES_URL}, default
	 * {@code jdbc:postgresql://127.0.0.1:5432/test}.
	 */
	public static final String POSTGRES_URL = env("ASYNCTASK_TEST_POSTGRES_URL",
			"jdbc:postgresql://127.0.0.1:5432/test");

	/** {@code ASYNCTASK_TEST_POSTGRES_USER}, default {@code postgres} (no password). */
	public static final String POSTGRES_USER = env("ASYNCTASK_TEST_POSTGRES_USER", "postgres");

	/**
	 * {@code ASYNCTASK_TEST_MARIADB_URL}, default
	 * {@code jdbc:mariadb://127.0.0.1:3306/test}.
	 */
	public static final String MARIADB_URL = env("ASYNCTASK_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test");

	/** {@code ASYNCTASK_TEST_MARIADB_USER}, default {@code root} (no password). */
	public static final String MARIADB_USER = env("ASYNCTASK_TEST_MARIADB_USER", "root");

	private JdbcServers() {
	}

	/**
	 * Skip the calling test unless a server answers at the URL (the driver must be on the
	 * class path).
	 * @param url the JDBC URL
	 * @param user the user, with an empty password
	 */
	public static void assumeReachable(String url, String user) {
		try (Connection connection = DriverManager.getConnection(url, user, "")) {
			Assumptions.assumeTrue(connection.isValid(2), "Database at " + url + " is not valid");
		}
		catch (SQLException ex) {
			Assumptions.assumeTrue(false, "No database at " + url + ": " + ex.getMessage());
		}
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value != null && !value.isBlank()) ? value : fallback;
	}

}
