/**
 * Auto-configuration of schedules made at run time.
 */
@NullMarked
package io.github.asynctask.autoconfigure.schedule;

import org.jspecify.annotations.NullMarked;
