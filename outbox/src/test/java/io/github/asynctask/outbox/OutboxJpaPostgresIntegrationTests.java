package io.github.asynctask.outbox;

import javax.sql.DataSource;

import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;

/**
 * The outbox under JPA/Hibernate on PostgreSQL, when one answers at
 * {@code ASYNCTASK_TEST_POSTGRES_URL} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres}, no password);
 * skipped when none does. Each test works in a schema of its own.
 */
class OutboxJpaPostgresIntegrationTests extends OutboxJpaIntegrationTests {

	private final PostgresSchemas schemas = new PostgresSchemas();

	OutboxJpaPostgresIntegrationTests(RedisServer redis) {
		super(redis);
	}

	@BeforeAll
	static void requirePostgres() {
		PostgresSchemas.requirePostgres();
	}

	@Override
	DataSource dataSource() {
		return this.schemas.create();
	}

	@Override
	void dropDatabase(DataSource dataSource) {
		this.schemas.drop(dataSource);
	}

}
