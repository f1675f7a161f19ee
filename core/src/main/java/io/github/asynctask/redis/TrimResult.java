package io.github.asynctask.redis;

/**
 * What one trim of a queue dropped.
 *
 * @param dropped tasks dropped in all: dead past their retention or over the cap, and
 * completed past theirs
 * @param deadOverCap of those, the oldest dead tasks dropped because the queue held more
 * than the most it keeps
 */
public record TrimResult(int dropped, int deadOverCap) {

}
