package io.github.asynctask.redis.store;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.TickRequest;
import io.github.asynctask.redis.TickResult;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The Redis side of run-time schedules, per queue (shard 0 of a sharded queue, so each
 * script stays in the queue's slot): a hash of captured calls, a hash of states and a
 * sorted set of next looks, so that an instance reads only the due ones
 * ({@code rt_due.lua}) and fires each with {@code rt_tick.lua}, which compares and
 * advances the state and the next look in the script that creates the tick's task.
 *
 * <pre>
 * &lt;prefix&gt;:{q}:rts   ZSET  schedule id -> next look (ms, Redis time)
 * &lt;prefix&gt;:{q}:rtc   HASH  schedule id -> call JSON (task, expression, zone, rules, payload)
 * &lt;prefix&gt;:{q}:rtst  HASH  schedule id -> state JSON (revision, last tick, last fired, paused)
 * &lt;prefix&gt;:{q}:rtp   HASH  schedule id -> why an instance did not fire it
 * </pre>
 */
public final class RuntimeScheduleStore {

	private static final LuaScript PUT = LuaScript.load("rt_put");

	private static final LuaScript REMOVE = LuaScript.load("rt_remove");

	private static final LuaScript PAUSE = LuaScript.load("rt_pause");

	private static final LuaScript DUE = LuaScript.load("rt_due");

	private static final LuaScript TICK = LuaScript.load("rt_tick");

	private static final LuaScript HOLD = LuaScript.load("rt_hold");

	private static final LuaScript LIST = LuaScript.load("rt_list");

	/** Schedules read per listing call. */
	private static final int LIST_PAGE = 200;

	private final ScriptRunner runner;

	private final RedisKeys keys;

	public RuntimeScheduleStore(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.keys = keys;
	}

	/**
	 * Create or replace a schedule.
	 * @return {@code true} when it was created, {@code false} when it replaced one
	 */
	public boolean put(String queue, RuntimeScheduleCall call) {
		List<String> args = List.of(call.id(), call.revision(), call.task(), call.expression(), call.zone(),
				call.misfire(), call.overlap() ? "1" : "0", call.payload());
		return Replies.single(this.runner.run(PUT, queue, ownKeys(queue), args)) == 1;
	}

	/** Remove a schedule; {@code false} when the queue has none of that id. */
	public boolean remove(String queue, String id) {
		return Replies.single(this.runner.run(REMOVE, queue, ownKeys(queue), List.of(id))) == 1;
	}

	/**
	 * Pause or resume; {@code false} when the queue has no readable schedule of that id.
	 */
	public boolean setPaused(String queue, String id, boolean paused) {
		return Replies
			.single(this.runner.run(PAUSE, queue, List.of(key(queue, "rtst")), List.of(id, paused ? "1" : "0"))) == 1;
	}

	/**
	 * The schedules due for a look by Redis time, at most {@code limit}, oldest first.
	 */
	public RuntimeDue due(String queue, int limit) {
		List<?> reply = Replies.list(this.runner.run(DUE, queue, ownKeys(queue), List.of(Integer.toString(limit))));
		List<StoredRuntimeSchedule> due = new ArrayList<>();
		for (int at = 3; at + StoredRuntimeSchedule.REPLY_WIDTH <= reply
			.size(); at += StoredRuntimeSchedule.REPLY_WIDTH) {
			due.add(StoredRuntimeSchedule.of(queue, reply, at));
		}
		return new RuntimeDue(Replies.number(reply.get(0)), Replies.number(reply.get(1)),
				Replies.number(reply.get(2)) == 1, due);
	}

	/**
	 * Compare the candidate ticks of one schedule with Redis time and fire the due ones.
	 * @param id the schedule id
	 * @param request the ticks, its {@code fingerprint} the revision read and its
	 * {@code following} the first tick after the candidates ({@code -1} none)
	 * @return {@link TickResult.Code#RESET_CORRUPT} when the state is missing or
	 * unreadable (nothing changed)
	 */
	public TickResult tick(String id, TickRequest request) {
		String queue = request.queue();
		List<String> keys = List.of(key(queue, "rts"), key(queue, "rtst"), key(queue, "rtp"), this.keys.tasks(queue),
				this.keys.payloads(queue), this.keys.pending(queue), this.keys.wake(queue));
		List<String> args = new ArrayList<>(8 + 3 * request.candidates().size());
		args.addAll(List.of(id, request.fingerprint(), Long.toString(request.from()), request.misfire(),
				request.overlap() ? "1" : "0", request.taskName(), Integer.toString(request.maxRetries()),
				Long.toString(request.following())));
		for (TickRequest.Candidate candidate : request.candidates()) {
			args.addAll(List.of(Long.toString(candidate.tick()), candidate.taskId(), candidate.payload()));
		}
		return ScheduleStore.tickResult(Replies.list(this.runner.run(TICK, queue, keys, args)));
	}

	/**
	 * Hold back a schedule this instance cannot fire, with the reason for listings.
	 * @param seenNextLook its next look as read (nothing changes when it moved on)
	 * @param until its next look from now on
	 * @return {@code false} when it moved on meanwhile
	 */
	public boolean hold(String queue, String id, long seenNextLook, long until, String problem) {
		return Replies.single(this.runner.run(HOLD, queue, List.of(key(queue, "rts"), key(queue, "rtp")),
				List.of(id, Long.toString(seenNextLook), Long.toString(until), problem))) == 1;
	}

	/** Every schedule of a queue, for listings (a page of HSCAN per call). */
	public List<StoredRuntimeSchedule> list(String queue) {
		List<String> keys = new ArrayList<>(ownKeys(queue));
		keys.add(this.keys.tasks(queue));
		List<StoredRuntimeSchedule> all = new ArrayList<>();
		String cursor = "0";
		do {
			List<?> reply = Replies
				.list(this.runner.run(LIST, queue, keys, List.of(cursor, Integer.toString(LIST_PAGE))));
			cursor = Replies.string(reply.get(0));
			for (int at = 1; at + StoredRuntimeSchedule.REPLY_WIDTH <= reply
				.size(); at += StoredRuntimeSchedule.REPLY_WIDTH) {
				all.add(StoredRuntimeSchedule.of(queue, reply, at));
			}
		}
		while (!"0".equals(cursor));
		return all;
	}

	private List<String> ownKeys(String queue) {
		return List.of(key(queue, "rts"), key(queue, "rtc"), key(queue, "rtst"), key(queue, "rtp"));
	}

	// In the queue's slot beside its other keys; RedisKeys gets these names at merge.
	private String key(String queue, String part) {
		String wake = this.keys.wake(queue);
		return wake.substring(0, wake.length() - "wake".length()) + part;
	}

}
