/**
 * For an application's own tests:
 * {@link io.github.asynctask.testing.AutoConfigureAsyncTask} records submitted tasks,
 * runs them inline after the commit, or leaves them to a real Redis that
 * {@link io.github.asynctask.testing.AsyncTaskTestSupport} drains.
 */
@NullMarked
package io.github.asynctask.testing;

import org.jspecify.annotations.NullMarked;
