package io.github.asynctask.outbox;

/**
 * One outbox row as the relay locked it.
 *
 * @param id the task id
 * @param queue the queue column
 * @param data the payload column ({@link OutboxRowFormat})
 * @param attempts relay rounds that failed for this row so far
 */
record OutboxRow(String id, String queue, String data, int attempts) {
}
