/**
 * Flows: tasks that run after others ({@code @AsyncTask(after = ...)}): the rules read
 * from the annotations and checked at start-up, the completing worker's release of the
 * tasks waiting for it, and the sweep that finishes what a crash interrupted.
 */
@NullMarked
package io.github.asynctask.flow;

import org.jspecify.annotations.NullMarked;
