/**
 * Micrometer meters for tasks and queues. Micrometer is an optional dependency: nothing
 * outside this package refers to its types.
 */
@NullMarked
package io.github.asynctask.metrics;

import org.jspecify.annotations.NullMarked;
