package io.github.asynctask.schedule;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import io.github.asynctask.ScheduleInfo;
import io.github.asynctask.aop.CallCapture;
import io.github.asynctask.aop.CallCapture.CapturedCall;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.store.RuntimeScheduleCall;
import io.github.asynctask.redis.store.RuntimeScheduleStore;
import io.github.asynctask.redis.store.StoredRuntimeSchedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Schedules made while the application runs ({@code template.schedule(id, …)}): each is
 * one captured task call with its expression, stored in the queue of its task, and fired
 * by the {@link RuntimeScheduleLoop} of every working instance. Any instance, worker or
 * not, may create, replace, list, pause and remove them.
 */
public final class RuntimeSchedules {

	private static final Logger logger = LoggerFactory.getLogger(RuntimeSchedules.class);

	/** Longest schedule id: ids are hash fields listed in the console. */
	static final int MAX_ID_LENGTH = 200;

	private final RuntimeScheduleStore store;

	private final TaskRegistry registry;

	private final TaskCodec codec;

	private final Supplier<Set<String>> knownQueues;

	// told of each put, so the local loop looks at once; set once at wiring
	private volatile Runnable changed = () -> {
	};

	/**
	 * @param knownQueues the queues Redis knows beside the registry's (where a schedule
	 * of a task that moved or went away may still be)
	 */
	public RuntimeSchedules(RuntimeScheduleStore store, TaskRegistry registry, TaskCodec codec,
			Supplier<Set<String>> knownQueues) {
		this.store = store;
		this.registry = registry;
		this.codec = codec;
		this.knownQueues = knownQueues;
	}

	void onChange(Runnable changed) {
		this.changed = changed;
	}

	/**
	 * Store (or replace) the schedule {@code id} of the one task call {@code call} makes.
	 * @return {@code true} when created, {@code false} when it replaced one
	 * @throws IllegalArgumentException naming the id when the call is not exactly one
	 * task-method call, the expression or id is invalid, or an argument cannot be written
	 */
	public boolean schedule(String id, String cronOrEvery, ZoneId zone, Runnable call) {
		String where = "Run-time schedule '" + id + "'";
		if (id.isBlank() || id.length() > MAX_ID_LENGTH) {
			throw new IllegalArgumentException(where + " has an invalid id: use a non-blank id of at most "
					+ MAX_ID_LENGTH + " characters, e.g. 'report:customer-42'");
		}
		RuntimeExpression expression = RuntimeExpression.parse(cronOrEvery, zone, where);
		List<CapturedCall> calls = CallCapture.captureAll(call);
		if (calls.size() != 1) {
			throw new IllegalArgumentException(where + " was not stored: the call passed to AsyncTaskTemplate.schedule "
					+ "must be exactly one call of an @AsyncTask method on an injected bean, but it made "
					+ calls.size()
					+ (calls.isEmpty() ? "" : " " + calls.stream().map((c) -> c.definition().name()).toList()));
		}
		TaskDefinition definition = calls.get(0).definition();
		String payload;
		try {
			payload = this.codec.encode(definition, calls.get(0).args(), java.util.Map.of(), null);
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException(where + " was not stored: " + ex.getMessage(), ex);
		}
		boolean created = this.store.put(definition.queue(), new RuntimeScheduleCall(id, UUID.randomUUID().toString(),
				definition.name(), expression.text(), expression.zone().getId(), "once", true, payload));
		// an id replaced by a call of a task in another queue leaves that queue
		for (String queue : queues()) {
			if (!queue.equals(definition.queue()) && this.store.remove(queue, id)) {
				created = false;
			}
		}
		logger.debug("{} {}: {} ({})", where, created ? "created" : "replaced", definition.name(), expression.text());
		this.changed.run();
		return created;
	}

	/** Remove the schedule {@code id}; {@code false} when there is none. */
	public boolean unschedule(String id) {
		boolean removed = false;
		for (String queue : queues()) {
			removed |= this.store.remove(queue, id);
		}
		if (removed) {
			logger.info("Run-time schedule '{}' removed", id);
		}
		return removed;
	}

	/** Every run-time schedule of every known queue, with its state and problems. */
	public List<ScheduleInfo> list() {
		List<ScheduleInfo> infos = new ArrayList<>();
		for (String queue : queues()) {
			for (StoredRuntimeSchedule stored : this.store.list(queue)) {
				infos.add(RuntimeScheduleInfos.of(stored, this.registry));
			}
		}
		return infos;
	}

	/**
	 * Pause or resume for every instance; {@code false} when there is no such schedule.
	 */
	public boolean setPaused(String id, boolean paused) {
		boolean found = false;
		for (String queue : queues()) {
			found |= this.store.setPaused(queue, id, paused);
		}
		if (found) {
			logger.info("Run-time schedule '{}' {}", id, paused ? "paused" : "resumed");
		}
		return found;
	}

	private Set<String> queues() {
		Set<String> queues = new LinkedHashSet<>(this.registry.queues());
		queues.addAll(this.knownQueues.get());
		// shards i > 0 hold no schedules: they live in the queue's own keys (shard 0)
		queues.removeIf(io.github.asynctask.redis.shard.ShardName::looksLikeShard);
		return queues;
	}

}
