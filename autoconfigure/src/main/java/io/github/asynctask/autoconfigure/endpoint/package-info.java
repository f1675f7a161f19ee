/**
 * The {@code asynctask} actuator endpoint.
 */
@NullMarked
package io.github.asynctask.autoconfigure.endpoint;

import org.jspecify.annotations.NullMarked;
