package io.github.asynctask.redis;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * What one recover call took back, and when the next lease of the queue ends.
 *
 * @param recovered deliveries moved to retry or dead by this call
 * @param nextExpiryIn time until the earliest lease deadline left in the active set, by
 * Redis time ({@link Duration#ZERO} when it has passed already); {@code null} when
 * nothing is active
 */
public record RecoverResult(int recovered, @Nullable Duration nextExpiryIn) {

}
