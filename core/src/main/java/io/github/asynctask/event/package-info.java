/**
 * Listener hooks for what happens to tasks, used by metrics and logging.
 */
@NullMarked
package io.github.asynctask.event;

import org.jspecify.annotations.NullMarked;
