package io.github.asynctask.submit;

import java.util.List;

import io.github.asynctask.redis.EnqueueRequest;

/**
 * A table in the application's own database that takes the submits of a transaction in
 * that same transaction, so that a crash or a Redis outage between the commit and the
 * Redis write loses none (module {@code async-task-outbox}). After the commit the
 * submitter sends them to Redis at once and reports them {@link #sent}; whatever it could
 * not send stays in the table for the outbox's relay. The task id is the idempotency key
 * that makes a second send harmless.
 */
public interface SubmitOutbox {

	/**
	 * Whether the current transaction is one this outbox writes in (it holds a connection
	 * of the outbox's database).
	 */
	boolean joinsCurrentTransaction();

	/**
	 * Write the request in the current transaction.
	 * @throws IllegalStateException when it cannot be written (a read-only database, a
	 * missing table), naming why
	 */
	void write(EnqueueRequest request);

	/**
	 * These requests of a committed transaction are in Redis: forget them. Called on the
	 * committing thread, so it must not wait on the database.
	 */
	void sent(List<EnqueueRequest> requests);

}
