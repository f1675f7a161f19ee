/**
 * Crash-safe submits: the outbox table in the application's own database, the writer that
 * puts a transaction's submits in it within that transaction, and the relay that moves to
 * Redis whatever a crash or an outage left behind.
 */
@NullMarked
package io.github.asynctask.outbox;

import org.jspecify.annotations.NullMarked;
