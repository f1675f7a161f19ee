package io.github.asynctask.redis;

import java.util.List;

/**
 * What {@code tick.lua} did.
 *
 * @param code what the script found
 * @param last the last tick handled now (epoch ms): the next candidates follow it
 * @param redisNow Redis time when the script ran (epoch ms)
 * @param fired tasks created
 * @param skippedOverlap due ticks not run because the previous tick's task was unfinished
 * @param missed due ticks passed over by the misfire rule
 * @param createdIds the ids of the tasks created
 */
public record TickResult(Code code, long last, long redisNow, int fired, int skippedOverlap, int missed,
		List<String> createdIds) {

	/** The script's verdict on the stored state. */
	public enum Code {

		/** The candidates were compared with Redis time. */
		APPLIED,

		/** Another instance moved the state on; recompute from {@link #last()}. */
		STALE,

		/** No state, or another expression: reset to "next tick from now". */
		RESET,

		/** The state was unreadable: reset to "next tick from now". */
		RESET_CORRUPT;

		public static Code of(long code) {
			return switch ((int) code) {
				case 1 -> APPLIED;
				case 2 -> STALE;
				case 3 -> RESET;
				case 4 -> RESET_CORRUPT;
				default -> throw new IllegalStateException("tick.lua replied with unknown code " + code);
			};
		}

	}

}
