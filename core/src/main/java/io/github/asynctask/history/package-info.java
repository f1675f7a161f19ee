/**
 * Processed and failed counts per queue over time (per minute for the last hour, per day
 * for 90 days), kept in Redis for the console's history chart.
 */
@NullMarked
package io.github.asynctask.history;

import org.jspecify.annotations.NullMarked;
