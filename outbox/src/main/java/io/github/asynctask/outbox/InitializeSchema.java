package io.github.asynctask.outbox;

/**
 * When the outbox creates its table at start-up
 * ({@code async-task.outbox.initialize-schema}, Spring Boot's convention for schema
 * initialization).
 */
public enum InitializeSchema {

	/** Create it in an embedded database (H2, HSQLDB, Derby) only. */
	EMBEDDED,

	/** Create it when missing in any database. */
	ALWAYS,

	/** Never create it: a migration tool does; start-up is refused when it is missing. */
	NEVER

}
