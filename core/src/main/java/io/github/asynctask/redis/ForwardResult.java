package io.github.asynctask.redis;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * What one forward call moved, and when the next scheduled or retry task falls due.
 *
 * @param moved ids moved to pending by this call
 * @param nextDueIn time until the earliest remaining scheduled or retry task, by Redis
 * time; {@link Duration#ZERO} when more are due now, {@code null} when none is waiting
 */
public record ForwardResult(int moved, @Nullable Duration nextDueIn) {

}
