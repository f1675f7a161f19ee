package io.github.asynctask.schedule;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.store.RuntimeScheduleStore;
import io.github.asynctask.redis.store.StoredRuntimeSchedule;
import io.github.asynctask.redis.TickRequest;
import io.github.asynctask.redis.TickResult;
import io.github.asynctask.schedule.ScheduleListener.TickOutcome;
import io.github.asynctask.submit.UlidGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One due run-time schedule to {@code rt_tick.lua}: reads its stored call with the task
 * of this application (a task it does not register, arguments it cannot read: the
 * schedule is held back and reported, never fired nor deleted), computes the ticks after
 * its last one, and follows the script's verdict. The misfire and overlap rules are the
 * script's, shared with annotated schedules.
 */
final class RuntimeTickFiring {

	private static final Logger logger = LoggerFactory.getLogger(RuntimeTickFiring.class);

	/**
	 * How long a schedule this instance cannot fire is held back before any instance
	 * looks again: long enough not to cost every tick, short enough for a rolling deploy.
	 */
	static final long PROBLEM_RECHECK_MS = 30_000;

	/** Ticks within this of Redis time are offered (as {@link TickFiring} does). */
	private static final long SLACK_MS = 1_000;

	private final RuntimeScheduleStore store;

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final ScheduleListener listener;

	private final int maxCatchUp;

	private final UlidGenerator ids;

	/**
	 * Ids warned about, so each problem is logged once until the schedule fires again.
	 */
	private final Set<String> warned = ConcurrentHashMap.newKeySet();

	RuntimeTickFiring(RuntimeScheduleStore store, TaskRegistry registry, TaskCodec codec, ScheduleListener listener,
			int maxCatchUp, Clock clock) {
		this.store = store;
		this.registry = registry;
		this.codec = codec;
		this.listener = listener;
		this.maxCatchUp = maxCatchUp;
		this.ids = new UlidGenerator(clock);
	}

	/**
	 * Fire what is due of one schedule.
	 * @param redisNow Redis time when it was read as due
	 * @return its next look as far as this instance knows (epoch ms, Redis time),
	 * {@link Ticks#NEVER} for none
	 */
	long fire(StoredRuntimeSchedule schedule, long redisNow) {
		String where = "Run-time schedule '" + schedule.id() + "'";
		Optional<TaskDefinition> found = schedule.readable() ? this.registry.find(schedule.task()) : Optional.empty();
		if (found.isEmpty()) {
			return hold(schedule, redisNow, RuntimeScheduleInfos.problem(schedule, this.registry));
		}
		TaskDefinition definition = found.get();
		List<String> problems = new ArrayList<>(1);
		RuntimeExpression expression = null;
		try {
			expression = RuntimeExpression.read(schedule.expression(), ZoneId.of(schedule.zone()), where, problems);
		}
		catch (DateTimeException ex) {
			problems
				.add(where + " has zone '" + schedule.zone() + "' this JVM does not know (" + ex.getMessage() + ")");
		}
		DecodedPayload call;
		try {
			call = this.codec.decode(definition, schedule.payload());
		}
		catch (RuntimeException ex) {
			return hold(schedule, redisNow, "its arguments cannot be read as the parameters of task '"
					+ definition.name() + "' (" + ex.getMessage() + "); schedule it again or unschedule it");
		}
		if (expression == null) {
			return hold(schedule, redisNow,
					problems.isEmpty() ? "its expression is empty" : String.join("; ", problems));
		}
		long from = schedule.state().last();
		List<TickRequest.Candidate> candidates = new ArrayList<>();
		long tick = expression.ticks().next(from);
		while (tick != Ticks.NEVER && tick <= redisNow + SLACK_MS && candidates.size() < this.maxCatchUp) {
			candidates.add(new TickRequest.Candidate(tick, this.ids.next(), payload(definition, call, tick)));
			tick = expression.ticks().next(tick);
		}
		TickRequest request = new TickRequest(schedule.queue(), definition.name(), definition.maxRetries(),
				schedule.revision(), from, schedule.misfire(), schedule.overlap(), (tick != Ticks.NEVER) ? tick : -1,
				TickFiring.STATE_RETENTION, candidates);
		TickResult result = this.store.tick(schedule.id(), request);
		return switch (result.code()) {
			case APPLIED -> {
				report(definition.name(), result);
				if (this.warned.remove(schedule.id())) {
					logger.info("{} fires again", where);
				}
				yield expression.ticks().next(result.last());
			}
			case STALE -> expression.ticks().next(result.last());
			case RESET, RESET_CORRUPT -> hold(schedule, redisNow, "its stored state cannot be read");
		};
	}

	private String payload(TaskDefinition definition, DecodedPayload call, long tick) {
		Map<String, String> headers = new HashMap<>(call.headers());
		headers.put(TickFiring.TICK_HEADER, Instant.ofEpochMilli(tick).toString());
		return this.codec.encode(definition, call.args(), headers, call.timeout());
	}

	private long hold(StoredRuntimeSchedule schedule, long redisNow, String problem) {
		long until = redisNow + PROBLEM_RECHECK_MS;
		if (this.store.hold(schedule.queue(), schedule.id(), schedule.nextLook(), until, problem)
				&& this.warned.add(schedule.id())) {
			logger.warn("Run-time schedule '{}' of queue '{}' is not fired and kept: {}", schedule.id(),
					schedule.queue(), problem);
		}
		return until;
	}

	private void report(String task, TickResult result) {
		if (result.fired() > 0) {
			this.listener.ticks(task, TickOutcome.FIRED, result.fired());
		}
		if (result.skippedOverlap() > 0) {
			this.listener.ticks(task, TickOutcome.SKIPPED_OVERLAP, result.skippedOverlap());
		}
		if (result.missed() > 0) {
			this.listener.ticks(task, TickOutcome.MISSED, result.missed());
		}
	}

}
