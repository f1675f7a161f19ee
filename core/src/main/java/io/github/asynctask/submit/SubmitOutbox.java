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
	 * The first submit of the current transaction will be written: refuse it now if it
	 * cannot be (a read-only transaction or connection), so the caller sees why at the
	 * call.
	 * @throws IllegalStateException naming why
	 */
	void checkWritable(EnqueueRequest request);

	/**
	 * Write the transaction's submits, in the transaction, just before it commits (one
	 * batch, one round trip).
	 * @throws IllegalStateException when they cannot be written, naming why; the
	 * transaction then rolls back
	 */
	void write(List<EnqueueRequest> requests);

	/**
	 * These requests of a committed transaction are in Redis: forget them. Called on the
	 * committing thread, so it must not wait on the database.
	 */
	void sent(List<EnqueueRequest> requests);

}
