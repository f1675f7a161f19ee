/**
 * Public API of async-task: the template, task options, receipts and the read models of
 * tasks and queues.
 */
@NullMarked
package io.github.asynctask;

import org.jspecify.annotations.NullMarked;
