package io.github.asynctask.outbox;

import io.github.asynctask.test.RedisServer;

/**
 * The outbox on MariaDB (or MySQL), when one answers at
 * {@code ASYNCTASK_TEST_MARIADB_URL} (default {@code jdbc:mariadb://127.0.0.1:3306/test},
 * user {@code root}, no password); skipped when none does. Each test works in a database
 * of its own.
 */
@TestDatabases.On(TestDatabases.Kind.MARIADB)
class OutboxMariaDbIntegrationTests extends OutboxIntegrationTests {

	OutboxMariaDbIntegrationTests(RedisServer redis, TestDatabase database) {
		super(redis, database);
	}

}
