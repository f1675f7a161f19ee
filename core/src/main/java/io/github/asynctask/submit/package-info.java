/**
 * Turns a captured call into a task in Redis: ids, dedup, after-commit batches and the
 * re-send buffer for submits Redis could not take after a commit.
 */
@NullMarked
package io.github.asynctask.submit;

import org.jspecify.annotations.NullMarked;
