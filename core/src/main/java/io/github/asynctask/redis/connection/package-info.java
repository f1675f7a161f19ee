/**
 * Reaching Redis: where it is, whether it answers, how long to wait before trying again,
 * and the start-up check of its version and settings.
 */
@NullMarked
package io.github.asynctask.redis.connection;

import org.jspecify.annotations.NullMarked;
