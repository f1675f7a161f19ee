/**
 * Writes task arguments to JSON and reads them back by the declared parameter types.
 */
@NullMarked
package io.github.asynctask.codec;

import org.jspecify.annotations.NullMarked;
