/**
 * The operator's view of queues and tasks, shared by the actuator endpoint and the web
 * console, and the web console itself.
 */
@NullMarked
package io.github.asynctask.autoconfigure.console;

import org.jspecify.annotations.NullMarked;
