package io.github.asynctask.outbox;

import io.github.asynctask.test.RedisServer;

/**
 * The outbox on PostgreSQL, when one answers at {@code ASYNCTASK_TEST_POSTGRES_URL}
 * (default {@code jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres}, no
 * password); skipped when none does. Each test works in a schema of its own.
 */
@TestDatabases.On(TestDatabases.Kind.POSTGRES)
class OutboxPostgresIntegrationTests extends OutboxIntegrationTests {

	OutboxPostgresIntegrationTests(RedisServer redis, TestDatabase database) {
		super(redis, database);
	}

}
