/**
 * The {@code @AsyncTask} annotation.
 */
@NullMarked
package io.github.asynctask.annotation;

import org.jspecify.annotations.NullMarked;
