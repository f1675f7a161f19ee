/**
 * Auto-configuration of trace context propagation from submitter to worker.
 */
@NullMarked
package io.github.asynctask.autoconfigure.tracing;

import org.jspecify.annotations.NullMarked;
