/**
 * The stores that serve one feature each (flows, schedules, history, console pages, bulk
 * actions), each calling its own scripts through the script runner.
 */
@NullMarked
package io.github.asynctask.redis.store;

import org.jspecify.annotations.NullMarked;
