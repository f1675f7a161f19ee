package io.github.asynctask.schedule;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.ScheduleInfo;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.connection.ReconnectBackoff;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.store.ScheduleStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.EmbeddedValueResolverAware;
import org.springframework.util.StringValueResolver;

/**
 * Fires the application's periodic tasks: one daemon thread ({@code asynctask-scheduler})
 * sleeps until the earliest next tick by Redis time and hands each due schedule to
 * {@link TickFiring}. Every instance runs one; the script makes each tick fire once. The
 * instance holding a queue's agent turn calls at its ticks, the others only a fallback
 * delay after them ({@link ScheduleTurns}), so a fleet's tick calls stay flat in its
 * size.
 */
public final class ScheduleRunner extends ScheduleLoop implements EmbeddedValueResolverAware {

	private static final Logger logger = LoggerFactory.getLogger(ScheduleRunner.class);

	/**
	 * Longest sleep, so a far tick is measured again against the latest Redis time
	 * offset.
	 */
	private static final long MAX_SLEEP_MS = 300_000;

	/**
	 * Sleep this much past a tick by the estimate of Redis time: an estimate a little
	 * ahead would otherwise wake the loop before Redis sees the tick due, and each such
	 * wake costs another script call (measured: 1.1 to 1.4 calls per tick and instance
	 * without it).
	 */
	static final long WAKE_MARGIN_MS = 5;

	/** Wait after Redis could not be reached. */
	private static final long FAILURE_PAUSE_MS = 1_000;

	/**
	 * Longest sleep while a schedule waits as a fallback: its queue's turn taken here in
	 * the meantime puts it back on time within this (a local look, no call).
	 */
	static final long TURN_CHECK_MS = 1_000;

	private final TaskRegistry registry;

	// replaced once, before start, when the context hands over its placeholder resolver
	private volatile ScheduleFactory factory;

	private final Map<String, ScheduleOverride> overrides;

	private final TickFiring firing;

	private final java.util.Set<String> overridden;

	private final ScheduleStore store;

	private final Clock clock;

	private final RedisReachability reachability;

	private final TickPace pace;

	/** Built at the first start or listing, when the registry is complete. */
	private volatile @Nullable List<Schedule> schedules;

	/**
	 * @param registry the task definitions
	 * @param overrides the per-environment settings by schedule name
	 * @param firing calls the tick script
	 * @param store reads schedule states for listings
	 * @param clock the local clock (only for sleeping: Redis time decides what is due)
	 */
	public ScheduleRunner(TaskRegistry registry, Map<String, ScheduleOverride> overrides, TickFiring firing,
			ScheduleStore store, Clock clock) {
		this(registry, overrides, firing, store, clock, new RedisReachability("Redis"));
	}

	/**
	 * @param registry the task definitions
	 * @param overrides the per-environment settings by schedule name
	 * @param firing calls the tick script
	 * @param store reads schedule states for listings
	 * @param clock the local clock (only for sleeping: Redis time decides what is due)
	 * @param reachability shared with the workers: a start-up without Redis warns once
	 */
	public ScheduleRunner(TaskRegistry registry, Map<String, ScheduleOverride> overrides, TickFiring firing,
			ScheduleStore store, Clock clock, RedisReachability reachability) {
		this(registry, overrides, firing, store, clock, reachability, ScheduleTurns.ON_TIME);
	}

	/**
	 * @param registry the task definitions
	 * @param overrides the per-environment settings by schedule name
	 * @param firing calls the tick script
	 * @param store reads schedule states for listings
	 * @param clock the local clock (only for sleeping: Redis time decides what is due)
	 * @param reachability shared with the workers: a start-up without Redis warns once
	 * @param turns which queues' ticks this instance fires on time
	 */
	public ScheduleRunner(TaskRegistry registry, Map<String, ScheduleOverride> overrides, TickFiring firing,
			ScheduleStore store, Clock clock, RedisReachability reachability, ScheduleTurns turns) {
		super("asynctask-scheduler");
		this.pace = new TickPace(turns);
		this.reachability = reachability;
		this.registry = registry;
		this.factory = new ScheduleFactory(overrides);
		this.overrides = Map.copyOf(overrides);
		this.overridden = java.util.Set.copyOf(overrides.keySet());
		this.firing = firing;
		this.store = store;
		this.clock = clock;
	}

	@Override
	public void setEmbeddedValueResolver(StringValueResolver resolver) {
		this.factory = new ScheduleFactory(this.overrides, resolver);
	}

	private List<Schedule> schedules() {
		List<Schedule> schedules = this.schedules;
		if (schedules == null) {
			List<Schedule> built = new ArrayList<>();
			this.registry.definitions().forEach((definition) -> {
				Schedule schedule = this.factory.create(definition, (problem) -> {
				});
				if (schedule != null) {
					built.add(schedule);
				}
			});
			schedules = List.copyOf(built);
			this.schedules = schedules;
		}
		return schedules;
	}

	/** Every schedule enabled here, with its state from Redis. */
	public List<ScheduleInfo> list() {
		List<ScheduleInfo> infos = new ArrayList<>();
		for (Schedule schedule : schedules()) {
			infos.add(ScheduleInfos.of(schedule, this.store.state(schedule.queue(), schedule.name()).orElse(null)));
		}
		return infos;
	}

	/**
	 * Pause or resume a schedule for every instance: while paused its due ticks pass over
	 * without a run.
	 * @return {@code false} when this application has no enabled schedule of that name
	 */
	public boolean setPaused(String name, boolean paused) {
		for (Schedule schedule : schedules()) {
			if (schedule.name().equals(name)) {
				this.store.setPaused(schedule.queue(), name, paused,
						TickFiring.stateRetention(schedule, System.currentTimeMillis()));
				logger.info("Schedule '{}' {}", name, paused ? "paused" : "resumed");
				return true;
			}
		}
		return false;
	}

	@Override
	public synchronized void start() {
		if (!this.thread.begin()) {
			return;
		}
		warnOfUnknownOverrides();
		List<Schedule> schedules = schedules();
		if (schedules.isEmpty()) {
			return;
		}
		this.thread.spawn(() -> loop(schedules));
		logger.info("Started {} schedule(s): {}", schedules.size(),
				schedules.stream().map((schedule) -> schedule.name() + " (" + schedule.expression() + ")").toList());
	}

	/** A typo, or a task name with dots or capitals written without brackets. */
	private void warnOfUnknownOverrides() {
		for (String name : this.overridden) {
			if (this.registry.find(name).isEmpty()) {
				logger.warn("async-task.schedules.{} names no task; a task name with dots or capitals goes in "
						+ "brackets, e.g. async-task.schedules[Reports.nightly].cron", name);
			}
		}
	}

	private void loop(List<Schedule> schedules) {
		List<TickFiring.Cursor> cursors = schedules.stream().map(TickFiring.Cursor::new).toList();
		ReconnectBackoff startupBackoff = new ReconnectBackoff();
		while (isRunning()) {
			long now = this.firing.redisNowEstimate(this.clock.millis());
			long startupWait = -1;
			long earliest = Ticks.NEVER;
			boolean deferred = false;
			for (TickFiring.Cursor cursor : cursors) {
				if (this.pace.callAt(cursor) <= now && !fire(cursor, now)) {
					// Redis never answered yet: one wait, growing, for every schedule
					if (startupWait < 0) {
						startupWait = startupBackoff.next().toMillis();
					}
					cursor.nextTick = now + startupWait;
				}
				long callAt = this.pace.callAt(cursor);
				deferred |= callAt != cursor.nextTick;
				earliest = Math.min(earliest, callAt);
			}
			long wake = (earliest < Ticks.NEVER - WAKE_MARGIN_MS) ? earliest + WAKE_MARGIN_MS : earliest;
			long cap = deferred ? TURN_CHECK_MS : MAX_SLEEP_MS;
			pause(Math.max(1, Math.min(cap, wake - this.firing.redisNowEstimate(this.clock.millis()))));
		}
	}

	/**
	 * One schedule; a failure (Redis away) retries it alone after a pause.
	 * @return false when Redis has not answered since start-up (the caller picks the
	 * wait; the one WARN is the {@link RedisReachability}'s)
	 */
	private boolean fire(TickFiring.Cursor cursor, long now) {
		try {
			this.firing.fire(cursor, this.clock);
			this.reachability.reached();
			if (cursor.failing) {
				logger.info("Schedule '{}' fires ticks again", cursor.schedule.name());
				cursor.failing = false;
			}
			return true;
		}
		catch (RuntimeException ex) {
			if (!this.reachability.isReached()) {
				this.reachability.unreachable("Schedule '" + cursor.schedule.name() + "'", ex);
				return false;
			}
			// once per outage, not every second while Redis is away
			if (!cursor.failing) {
				logger.warn("Schedule '{}' could not fire its ticks, trying again every {} ms: {}",
						cursor.schedule.name(), FAILURE_PAUSE_MS, ex.getMessage());
				cursor.failing = true;
			}
			cursor.nextTick = now + FAILURE_PAUSE_MS;
			return true;
		}
	}

	private void pause(long millis) {
		this.thread.pause(millis);
	}

	static Instant instant(long millis) {
		return Instant.ofEpochMilli(millis);
	}

}
