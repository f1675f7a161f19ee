package io.github.asynctask.redis;

/**
 * Names one delivery of a task: the task id and the fencing token it was handed out with.
 * Two deliveries of one task (a stale one still running beside its successor) differ by
 * token.
 *
 * @param id the task id
 * @param token the fencing token of the delivery
 */
public record DeliveryToken(String id, long token) {

}
