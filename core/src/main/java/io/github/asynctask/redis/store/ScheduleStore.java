package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.ScheduleState;
import io.github.asynctask.redis.TickRequest;
import io.github.asynctask.redis.TickResult;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The Redis side of periodic tasks: fires a schedule's due ticks with {@code tick.lua}
 * (state compared, advanced and the tick's task created in one script) and reads a
 * schedule's state for listings. State key: {@code <prefix>:{<queue>}:schedule:<name>}.
 */
public final class ScheduleStore {

	private static final LuaScript TICK = LuaScript.load("tick");

	private static final LuaScript STATE = LuaScript.load("schedule_state");

	private static final LuaScript PAUSE = LuaScript.load("schedule_pause");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	public ScheduleStore(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.keys = keys;
	}

	/** The key of a schedule's state. */
	public String stateKey(String queue, String schedule) {
		return this.keys.schedule(queue, schedule);
	}

	/** Compare the candidate ticks with Redis time and fire the due ones. */
	public TickResult tick(TickRequest request) {
		String queue = request.queue();
		List<String> keys = List.of(this.keys.schedule(queue, request.taskName()), this.keys.tasks(queue),
				this.keys.payloads(queue), this.keys.pending(queue), this.keys.wake(queue));
		List<String> args = new ArrayList<>(8 + 3 * request.candidates().size());
		args.addAll(List.of(request.fingerprint(), Long.toString(request.from()), request.misfire(),
				request.overlap() ? "1" : "0", request.taskName(), Integer.toString(request.maxRetries()),
				Long.toString(request.following()), Long.toString(Math.max(1, request.stateRetention().toMillis()))));
		for (TickRequest.Candidate candidate : request.candidates()) {
			args.addAll(List.of(Long.toString(candidate.tick()), candidate.taskId(), candidate.payload()));
		}
		return tickResult(Replies.list(this.runner.run(TICK, queue, keys, args)));
	}

	/** A reply of {@code tick.lua} or {@code rt_tick.lua}. */
	static TickResult tickResult(List<?> reply) {
		List<String> created = new ArrayList<>(reply.size() - 6);
		for (int i = 6; i < reply.size(); i++) {
			created.add(Replies.string(reply.get(i)));
		}
		return new TickResult(TickResult.Code.of(Replies.number(reply.get(0))), Replies.number(reply.get(1)),
				Replies.number(reply.get(2)), (int) Replies.number(reply.get(3)), (int) Replies.number(reply.get(4)),
				(int) Replies.number(reply.get(5)), created);
	}

	/** A schedule's stored state, empty when there is none readable. */
	public Optional<ScheduleState> state(String queue, String schedule) {
		List<?> reply = Replies.list(this.runner.run(STATE, queue,
				List.of(this.keys.schedule(queue, schedule), this.keys.tasks(queue)), List.of()));
		if (reply.isEmpty()) {
			return Optional.empty();
		}
		long fired = Replies.number(reply.get(1));
		String id = Replies.string(reply.get(2));
		String code = Replies.string(reply.get(3));
		return Optional.of(new ScheduleState(Replies.number(reply.get(0)), (fired < 0) ? null : fired,
				id.isEmpty() ? null : id, code.isEmpty() ? null : code, Replies.number(reply.get(4)) == 1));
	}

	/**
	 * Pause or resume a schedule for every instance.
	 * @param stateRetention how long the state outlives the last call
	 */
	public void setPaused(String queue, String schedule, boolean paused, Duration stateRetention) {
		this.runner.run(PAUSE, queue, List.of(this.keys.schedule(queue, schedule)),
				List.of(paused ? "1" : "0", Long.toString(Math.max(1, stateRetention.toMillis()))));
	}

}
