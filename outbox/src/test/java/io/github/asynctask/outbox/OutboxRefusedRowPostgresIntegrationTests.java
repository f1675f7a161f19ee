package io.github.asynctask.outbox;

import io.github.asynctask.test.RedisServer;

/**
 * {@link OutboxRefusedRowIntegrationTests} on PostgreSQL, when one answers (skipped when
 * none does); a schema per test.
 */
@TestDatabases.On(TestDatabases.Kind.POSTGRES)
class OutboxRefusedRowPostgresIntegrationTests extends OutboxRefusedRowIntegrationTests {

	OutboxRefusedRowPostgresIntegrationTests(RedisServer redis, TestDatabase database) {
		super(redis, database);
	}

}
