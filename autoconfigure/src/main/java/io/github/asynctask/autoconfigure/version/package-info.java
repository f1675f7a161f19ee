/**
 * Auto-configuration of task versions: upcasters wired into the codec, and the start-up
 * check of a sample of stored tasks.
 */
@NullMarked
package io.github.asynctask.autoconfigure.version;

import org.jspecify.annotations.NullMarked;
