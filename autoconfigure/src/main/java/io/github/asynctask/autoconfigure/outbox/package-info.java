/**
 * Auto-configuration of crash-safe submits ({@code async-task.outbox.*}), active with
 * {@code async-task-outbox} on the classpath, a {@code DataSource} and
 * {@code async-task.outbox.enabled=true}.
 */
@NullMarked
package io.github.asynctask.autoconfigure.outbox;

import org.jspecify.annotations.NullMarked;
