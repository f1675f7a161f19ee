/**
 * Auto-configuration of context propagation from the submitting thread to the task run.
 */
@NullMarked
package io.github.asynctask.autoconfigure.context;

import org.jspecify.annotations.NullMarked;
