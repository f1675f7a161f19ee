/**
 * Periodic tasks: schedule definitions ({@code cron} or {@code every}), the misfire and
 * overlap rules, and the one tick loop per application that fires due ticks through
 * {@code tick.lua}.
 */
@NullMarked
package io.github.asynctask.schedule;

import org.jspecify.annotations.NullMarked;
