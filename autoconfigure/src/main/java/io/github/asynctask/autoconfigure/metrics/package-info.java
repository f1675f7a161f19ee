/**
 * Auto-configuration of the Micrometer meters.
 */
@NullMarked
package io.github.asynctask.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
