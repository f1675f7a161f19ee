package io.github.asynctask.redis;

import java.time.Duration;

/**
 * What a call for a queue's agent turn found ({@link FleetCalls#takeTurn}).
 *
 * @param held whether the calling instance holds the turn now
 * @param left how long the holder's turn lasts without a renewal; zero when nobody holds
 * it
 */
public record AgentTurn(boolean held, Duration left) {

}
