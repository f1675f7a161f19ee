/**
 * Versions of task arguments: the version stored with each task, the upcasters that
 * rewrite older stored arguments before the codec reads them, the hand-back of tasks of a
 * newer version, and the start-up check of a sample of stored tasks.
 */
@NullMarked
package io.github.asynctask.version;

import org.jspecify.annotations.NullMarked;
