package io.github.asynctask.schedule;

import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.store.RuntimeDue;
import io.github.asynctask.redis.store.RuntimeScheduleStore;
import io.github.asynctask.redis.store.StoredRuntimeSchedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires run-time schedules: one daemon thread ({@code asynctask-runtime-scheduler}) asks
 * each queue of this application for its due schedules only (a sorted set of next looks,
 * read up to Redis time) and fires each; then it sleeps until the earliest next look.
 * Every instance runs one; {@code rt_tick.lua} makes each tick fire once. The instance
 * holding a queue's agent turn looks at the queue on time, the others only a fallback
 * delay after their last look ({@link ScheduleTurns}), so a fleet's looks stay flat in
 * its size. Nothing but the clock offset and those delays is kept here: every schedule
 * lives in Redis.
 */
public final class RuntimeScheduleLoop extends ScheduleLoop {

	private static final Logger logger = LoggerFactory.getLogger(RuntimeScheduleLoop.class);

	/** Schedules read per call; more due ones are read by further calls at once. */
	static final int BATCH = 100;

	/**
	 * Longest sleep while some queue has run-time schedules: a schedule another instance
	 * created, earlier than every one known here, is seen within this.
	 */
	static final long MAX_SLEEP_MS = 1_000;

	/**
	 * Longest sleep while no queue has any: an application without them pays one look per
	 * queue every 30 s. A schedule made on an instance without this loop (submit only) is
	 * seen within this; one made here is looked at at once.
	 */
	static final long IDLE_SLEEP_MS = 30_000;

	private static final long FAILURE_PAUSE_MS = 1_000;

	private final TaskRegistry registry;

	private final RuntimeScheduleStore store;

	private final RuntimeTickFiring firing;

	private final Clock clock;

	/** Redis time minus the local clock, from the last reply; loop thread only. */
	private long offset;

	/** Queues whose last call failed (logged once per outage); loop thread only. */
	private final Set<String> failing = new HashSet<>();

	/** Set by stop: a look through many due schedules ends early. */
	private volatile boolean stopping;

	private final ScheduleTurns turns;

	/**
	 * When this instance looks again at each queue it waits on as a fallback (local ms);
	 * written by the loop, cleared when a schedule is made here so it is looked at at
	 * once.
	 */
	private final Map<String, Long> fallbackLooks = new ConcurrentHashMap<>();

	/**
	 * @param maxCatchUp most missed ticks one call fires ({@code ALL})
	 */
	public RuntimeScheduleLoop(TaskRegistry registry, RuntimeScheduleStore store, RuntimeSchedules schedules,
			TaskCodec codec, ScheduleListener listener, int maxCatchUp, Clock clock) {
		this(registry, store, schedules, codec, listener, maxCatchUp, clock, ScheduleTurns.ON_TIME);
	}

	/**
	 * @param maxCatchUp most missed ticks one call fires ({@code ALL})
	 * @param turns which queues this instance looks at on time
	 */
	public RuntimeScheduleLoop(TaskRegistry registry, RuntimeScheduleStore store, RuntimeSchedules schedules,
			TaskCodec codec, ScheduleListener listener, int maxCatchUp, Clock clock, ScheduleTurns turns) {
		super("asynctask-runtime-scheduler");
		this.turns = turns;
		this.registry = registry;
		this.store = store;
		this.firing = new RuntimeTickFiring(store, registry, codec, listener, maxCatchUp, clock);
		this.clock = clock;
		// a schedule made here is looked at at once
		schedules.onChange(() -> {
			this.fallbackLooks.clear();
			this.thread.wake();
		});
	}

	@Override
	public synchronized void start() {
		if (this.registry.queues().isEmpty() || !this.thread.begin()) {
			return;
		}
		this.stopping = false;
		this.thread.spawn(this::loop);
	}

	@Override
	public void stop() {
		this.stopping = true;
		super.stop();
	}

	private void loop() {
		while (isRunning()) {
			long wake = Ticks.NEVER;
			boolean any = false;
			boolean deferred = false;
			for (String queue : this.registry.queues()) {
				Duration fallback = this.turns.fallback(queue);
				if (fallback.isZero()) {
					this.fallbackLooks.remove(queue);
				}
				else {
					long now = this.clock.millis();
					Long at = this.fallbackLooks.get(queue);
					deferred = true;
					if (at != null && at > now) {
						continue;
					}
					this.fallbackLooks.put(queue, now + fallback.toMillis());
				}
				long next = look(queue);
				any |= next != Ticks.NEVER;
				wake = Math.min(wake, next);
			}
			// a queue waited on as a fallback: its turn taken here puts it back on time
			long cap = deferred ? ScheduleRunner.TURN_CHECK_MS : any ? MAX_SLEEP_MS : IDLE_SLEEP_MS;
			long sleep = (wake == Ticks.NEVER) ? cap
					: wake + ScheduleRunner.WAKE_MARGIN_MS - (this.clock.millis() + this.offset);
			this.thread.pause(Math.max(1, Math.min(cap, sleep)));
		}
	}

	/**
	 * Fire the due schedules of one queue.
	 * @return the earliest next look (Redis time), {@link Ticks#NEVER} when the queue has
	 * no schedule
	 */
	long look(String queue) {
		try {
			long next = Ticks.NEVER;
			RuntimeDue due;
			do {
				long sent = this.clock.millis();
				due = this.store.due(queue, BATCH);
				this.offset = due.redisNow() - (sent + this.clock.millis()) / 2;
				for (StoredRuntimeSchedule schedule : due.due()) {
					next = Math.min(next, this.firing.fire(schedule, due.redisNow()));
				}
			}
			while (due.more() && !this.stopping);
			if (this.failing.remove(queue)) {
				logger.info("Run-time schedules of queue '{}' fire again", queue);
			}
			return (due.nextLook() >= 0) ? Math.min(next, due.nextLook()) : next;
		}
		catch (RuntimeException ex) {
			if (this.failing.add(queue)) {
				logger.warn("Run-time schedules of queue '{}' could not be fired, trying again every {} ms: {}", queue,
						FAILURE_PAUSE_MS, ex.getMessage());
			}
			return this.clock.millis() + this.offset + FAILURE_PAUSE_MS;
		}
	}

}
