package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Operator actions beyond the broker's transitions: kill a running task, run a scheduled
 * one now, and bulk actions over a state done chunk by chunk (one script call per chunk,
 * each bounded), so Redis never blocks long and a set that changes meanwhile is acted on
 * as far as it can be.
 */
public final class BulkActions {

	/** Members one chunk examines. */
	public static final int CHUNK = 100;

	private static final LuaScript STOP = LuaScript.load("stop");

	private static final LuaScript RUN_NOW = LuaScript.load("run_now");

	private static final LuaScript BULK = LuaScript.load("bulk");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	private final TaskPages pages;

	public BulkActions(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.keys = keys;
		this.pages = new TaskPages(connectionFactory, keys, replyTimeout);
	}

	/**
	 * Kill a running task: it is dead at once with the reason, and the worker's next
	 * heartbeat finds its lease gone and interrupts the body.
	 * @return 1 killed, 0 not active, -1 its data was unreadable (buried in dead)
	 */
	public int stop(String queue, String id, String reason) {
		return (int) Replies.single(this.runner.run(
				STOP, queue, List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.dead(queue), this.keys.payloads(queue), this.keys.batchOwed(queue)),
				List.of(id, reason)));
	}

	/**
	 * Move a scheduled or retrying task to the front of pending.
	 * @return 1 moved, 0 neither scheduled nor retrying, -1 unreadable data
	 */
	public int runNow(String queue, String id) {
		return (int) Replies.single(
				this.runner.run(RUN_NOW, queue,
						List.of(this.keys.tasks(queue), this.keys.scheduled(queue), this.keys.retry(queue),
								this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue)),
						List.of(id)));
	}

	/**
	 * Act on every task of a state (optionally of one task name), chunk after chunk,
	 * until the end of the set or {@code maxChunks}.
	 * @param state {@code scheduled}, {@code retry}, {@code dead}, {@code completed}, or
	 * {@code pending} (delete only, without a name)
	 * @param run run the tasks now (dead ones with their deliveries reset), else delete
	 * @param taskName only tasks of this name, or null for all
	 */
	public Outcome apply(String queue, String state, boolean run, @Nullable String taskName, int maxChunks) {
		String code = switch (state.toLowerCase(Locale.ROOT)) {
			case "scheduled" -> "s";
			case "retry" -> "r";
			case "dead" -> "d";
			case "completed" -> "c";
			case "pending" -> "p";
			default -> throw new IllegalArgumentException(
					"bulk actions take state scheduled, retry, dead, completed or pending but was '" + state + "'");
		};
		List<String> keys = List.of(this.keys.tasks(queue), this.pages.stateKey(queue, state), this.keys.pending(queue),
				this.keys.payloads(queue), this.keys.wake(queue), this.keys.batchOwed(queue));
		long acted = 0;
		long skip = 0;
		int chunks = 0;
		boolean finished = false;
		while (chunks < maxChunks) {
			List<?> reply = Replies.list(this.runner.run(BULK, queue, keys, List.of(run ? "run" : "delete", code,
					Integer.toString(CHUNK), Long.toString(skip), (taskName != null) ? taskName : "")));
			chunks++;
			acted += Replies.number(reply.get(0));
			skip += Replies.number(reply.get(1));
			if (Replies.number(reply.get(2)) < CHUNK) {
				finished = true;
				break;
			}
		}
		return new Outcome(acted, skip, chunks, finished);
	}

	/**
	 * What a bulk action did.
	 *
	 * @param acted tasks run or deleted
	 * @param leftInPlace tasks examined and left (another name, unreadable data)
	 * @param chunks script calls made
	 * @param finished whether the end of the set was reached ({@code false}: the chunk
	 * limit stopped it; repeat the request for the rest)
	 */
	public record Outcome(long acted, long leftInPlace, int chunks, boolean finished) {

	}

}
