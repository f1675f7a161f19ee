package io.github.asynctask.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.redis.store.ScheduleStore;
import io.github.asynctask.redis.TickRequest;
import io.github.asynctask.redis.TickResult;
import io.github.asynctask.schedule.ScheduleListener.TickOutcome;
import io.github.asynctask.submit.UlidGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One schedule's due ticks to {@code tick.lua}: computes the candidate ticks after the
 * last one handled (the cron is Java's), encodes their tasks, and follows the script's
 * verdict. Keeps the offset of Redis time from the local clock, learnt from each reply.
 */
public final class TickFiring {

	/** Header every tick's task carries: the tick time, ISO-8601. */
	public static final String TICK_HEADER = "asynctask-tick";

	private static final Logger logger = LoggerFactory.getLogger(TickFiring.class);

	/** Calls for one wake-up; a second is needed when another instance moved on first. */
	private static final int MAX_CALLS = 3;

	/**
	 * Least time a schedule's state outlives the last call; at least three intervals, so
	 * a monthly cron keeps its state between ticks.
	 */
	static final Duration STATE_RETENTION = Duration.ofDays(7);

	/**
	 * Ticks within this of the estimated Redis time are offered: the estimate may lag.
	 */
	private static final long SLACK_MS = 1_000;

	private final ScheduleStore store;

	private final TaskCodec codec;

	/**
	 * Ticks' task ids stay 26-character ULIDs: ticks are rare (one per schedule and
	 * period), so a claimed instance number would save next to no memory here.
	 */
	private final UlidGenerator ids;

	private final ScheduleListener listener;

	private final int maxCatchUp;

	/**
	 * Redis time minus the local clock, from the last reply; written by the loop thread.
	 */
	private volatile long offset;

	/**
	 * @param maxCatchUp most ticks offered in one call: the most {@code ALL} fires for
	 * missed ticks ({@code async-task.schedules.max-catch-up})
	 */
	public TickFiring(ScheduleStore store, TaskCodec codec, ScheduleListener listener, int maxCatchUp, Clock clock) {
		if (maxCatchUp < 1) {
			throw new IllegalArgumentException(
					"async-task.schedules.max-catch-up must be at least 1 but was " + maxCatchUp);
		}
		this.store = store;
		this.codec = codec;
		this.ids = new UlidGenerator(clock);
		this.listener = listener;
		this.maxCatchUp = maxCatchUp;
	}

	long redisNowEstimate(long localMillis) {
		return localMillis + this.offset;
	}

	/** Fire what is due of one schedule and move its cursor to the next tick. */
	void fire(Cursor cursor, Clock clock) {
		Schedule schedule = cursor.schedule;
		for (int call = 0; call < MAX_CALLS; call++) {
			long sent = clock.millis();
			TickRequest request = request(schedule, cursor.from, redisNowEstimate(sent));
			TickResult result = this.store.tick(request);
			this.offset = result.redisNow() - (sent + clock.millis()) / 2;
			cursor.from = result.last();
			switch (result.code()) {
				case APPLIED -> {
					report(schedule, result);
					cursor.nextTick = schedule.ticks().next(cursor.from);
					return;
				}
				case RESET_CORRUPT ->
					logger.warn("Schedule '{}' had an unreadable state at {}; reset it to the next tick from now ({})",
							schedule.name(), this.store.stateKey(schedule.queue(), schedule.name()),
							Instant.ofEpochMilli(result.last()));
				case RESET -> logger.info("Schedule '{}' ({}) starts with the next tick after {}", schedule.name(),
						schedule.expression(), Instant.ofEpochMilli(result.last()));
				case STALE -> {
					// another instance handled ticks since: go on from its last one
				}
			}
			cursor.nextTick = schedule.ticks().next(cursor.from);
			if (cursor.nextTick > result.redisNow()) {
				return;
			}
		}
	}

	private TickRequest request(Schedule schedule, long from, long redisNow) {
		List<TickRequest.Candidate> candidates = new ArrayList<>();
		long following = -1;
		if (from >= 0) {
			long tick = schedule.ticks().next(from);
			while (tick != Ticks.NEVER && tick <= redisNow + SLACK_MS) {
				if (candidates.size() == this.maxCatchUp) {
					following = tick;
					break;
				}
				candidates.add(new TickRequest.Candidate(tick, this.ids.next(), payload(schedule, tick)));
				tick = schedule.ticks().next(tick);
			}
		}
		return new TickRequest(schedule.queue(), schedule.name(), schedule.definition().maxRetries(),
				schedule.ticks().fingerprint(), from, schedule.misfire().name().toLowerCase(Locale.ROOT),
				schedule.overlap(), following, stateRetention(schedule, from), candidates);
	}

	static Duration stateRetention(Schedule schedule, long from) {
		long first = schedule.ticks().next(Math.max(0, from));
		long second = (first != Ticks.NEVER) ? schedule.ticks().next(first) : Ticks.NEVER;
		if (second == Ticks.NEVER) {
			return STATE_RETENTION;
		}
		long threeIntervals = Math.multiplyExact(Math.min(second - first, Long.MAX_VALUE / 4), 3);
		return (threeIntervals > STATE_RETENTION.toMillis()) ? Duration.ofMillis(threeIntervals) : STATE_RETENTION;
	}

	private String payload(Schedule schedule, long tick) {
		Instant at = Instant.ofEpochMilli(tick);
		Object[] args = schedule.tickParameter() ? new Object[] { at } : new Object[0];
		return this.codec.encode(schedule.definition(), args, Map.of(TICK_HEADER, at.toString()), null);
	}

	private void report(Schedule schedule, TickResult result) {
		if (result.fired() > 0) {
			logger.debug("Schedule '{}' fired {} task(s): {}", schedule.name(), result.fired(), result.createdIds());
			this.listener.ticks(schedule.name(), TickOutcome.FIRED, result.fired());
		}
		if (result.skippedOverlap() > 0) {
			logger.info("Schedule '{}' skipped {} tick(s): the previous tick's task has not finished (overlap = false)",
					schedule.name(), result.skippedOverlap());
			this.listener.ticks(schedule.name(), TickOutcome.SKIPPED_OVERLAP, result.skippedOverlap());
		}
		if (result.missed() > 0) {
			logger.info("Schedule '{}' passed over {} missed tick(s) (misfire = {})", schedule.name(), result.missed(),
					schedule.misfire());
			this.listener.ticks(schedule.name(), TickOutcome.MISSED, result.missed());
		}
	}

	/**
	 * Where the loop is with one schedule; touched by the loop thread only.
	 */
	static final class Cursor {

		final Schedule schedule;

		/** The last tick handled as Redis last said, {@code -1} before the first call. */
		long from = -1;

		/** When to call next (epoch ms, Redis time); at once before the first call. */
		long nextTick = Long.MIN_VALUE;

		/** Whether the last call failed (logged once per outage). */
		boolean failing;

		/** The tick {@link #callAt} was drawn for; loop thread only. */
		long pacedTick = Long.MIN_VALUE;

		/**
		 * When a fallback instance calls for {@link #pacedTick} (epoch ms, Redis time).
		 */
		long callAt;

		Cursor(Schedule schedule) {
			this.schedule = schedule;
		}

		long nextTick() {
			return this.nextTick;
		}

	}

}
