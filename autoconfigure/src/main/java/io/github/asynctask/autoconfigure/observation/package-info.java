/**
 * Auto-configuration of the task submit and run observations.
 */
@NullMarked
package io.github.asynctask.autoconfigure.observation;

import org.jspecify.annotations.NullMarked;
