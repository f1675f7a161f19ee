package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

/**
 * One call of {@code tick.lua} for one schedule.
 *
 * @param queue the queue of the schedule's task (and of its state)
 * @param taskName the task (and schedule) name
 * @param maxRetries retries of the tick's task
 * @param fingerprint the schedule's expression and zone; a state with another one is
 * reset
 * @param from the last tick (epoch ms) the candidates follow, as the caller believes;
 * {@code -1} when unknown
 * @param misfire {@code once}, {@code skip} or {@code all}
 * @param overlap whether a tick runs while the previous tick's task is unfinished
 * @param following the first tick after the candidates (epoch ms) when the caller stopped
 * at its max-catch-up, {@code -1} when it offered every tick up to its idea of now; Redis
 * time decides whether it was due (only then the catch-up was truncated)
 * @param stateRetention how long the state outlives the last call (a schedule removed
 * from the code leaves nothing behind)
 * @param candidates the next ticks after {@code from}, ascending
 */
public record TickRequest(String queue, String taskName, int maxRetries, String fingerprint, long from, String misfire,
		boolean overlap, long following, Duration stateRetention, List<Candidate> candidates) {

	public TickRequest {
		candidates = List.copyOf(candidates);
	}

	/**
	 * One tick the script may fire.
	 *
	 * @param tick the tick time, epoch ms
	 * @param taskId the id of the task to create for it
	 * @param payload the task's payload as the codec wrote it
	 */
	public record Candidate(long tick, String taskId, String payload) {
	}

}
