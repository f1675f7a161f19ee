package io.github.asynctask.outbox;

import javax.sql.DataSource;

import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link OutboxRefusedRowIntegrationTests} on PostgreSQL, when one answers (skipped when
 * none does); a schema per test.
 */
class OutboxRefusedRowPostgresIntegrationTests extends OutboxRefusedRowIntegrationTests {

	private final PostgresSchemas schemas = new PostgresSchemas();

	OutboxRefusedRowPostgresIntegrationTests(RedisServer redis) {
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
