/**
 * Batches: many tasks, one outcome. The thread-bound scope that makes the task calls of a
 * batch's body its children, the template's side (open, seal, add, cancel, read), the
 * completing worker's report of each child to its batch, and the callbacks a batch owes,
 * enqueued exactly once. The counting lives in the batch's own slot (BatchStore).
 */
@NullMarked
package io.github.asynctask.batch;

import org.jspecify.annotations.NullMarked;
