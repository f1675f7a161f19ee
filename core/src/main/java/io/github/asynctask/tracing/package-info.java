/**
 * Trace context carried from the submitting thread to the worker run, over Micrometer
 * Tracing. Micrometer Tracing is an optional dependency: nothing outside this package
 * refers to its types.
 */
@NullMarked
package io.github.asynctask.tracing;

import org.jspecify.annotations.NullMarked;
