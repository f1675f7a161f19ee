/**
 * The {@code asynctask} health indicator.
 */
@NullMarked
package io.github.asynctask.autoconfigure.health;

import org.jspecify.annotations.NullMarked;
