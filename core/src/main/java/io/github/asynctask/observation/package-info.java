/**
 * The observations {@code asynctask.task.submit} and {@code asynctask.task.run} over
 * Micrometer's Observation API: with Micrometer Tracing (Brave or OpenTelemetry) each is
 * a span, the submit's context travels in the task's headers and the run continues its
 * trace. Micrometer Observation is an optional dependency: nothing outside this package
 * refers to its types.
 */
@NullMarked
package io.github.asynctask.observation;

import org.jspecify.annotations.NullMarked;
