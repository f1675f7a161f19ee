package io.github.asynctask;

import java.time.Instant;

/**
 * The last progress a task's body reported with
 * {@link io.github.asynctask.context.TaskContext#progress(int, String)}.
 *
 * @param percent how far it is, 0 to 100
 * @param message what it is doing (may be empty)
 * @param at when Redis stored it (it is written at most once per heartbeat interval)
 */
public record TaskProgress(int percent, String message, Instant at) {

}
