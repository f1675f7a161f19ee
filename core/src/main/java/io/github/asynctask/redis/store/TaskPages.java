package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The console's reads of task data as stored, never parsed here: pages of any state of a
 * queue (each O(page) in Redis, no scan), one task with its scores, and the task holding
 * a bizId (one read per task name). Parsing, and showing damaged data as such, is the
 * caller's job.
 */
public final class TaskPages {

	/** Largest page one call reads. */
	public static final int MAX_PAGE = 500;

	private static final LuaScript PAGE = LuaScript.load("page");

	private static final LuaScript INSPECT = LuaScript.load("inspect");

	private static final LuaScript LOOKUP = LuaScript.load("lookup");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	public TaskPages(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.keys = keys;
	}

	/**
	 * One page of a state.
	 * @param state {@code pending}, {@code scheduled}, {@code retry}, {@code active},
	 * {@code dead}, {@code completed} or {@code waiting}
	 * @param newestFirst newest (last pushed, highest score) first, else oldest first
	 * @param offset index of the first task, clamped to 0..
	 * @param size tasks per page, clamped to 1..{@value #MAX_PAGE}
	 * @param preview most payload bytes returned per task
	 */
	public Page page(String queue, String state, boolean newestFirst, long offset, int size, int preview) {
		String kind = "pending".equals(state) ? "list" : "zset";
		List<?> reply = Replies.list(this.runner.run(PAGE, queue,
				List.of(stateKey(queue, state), this.keys.tasks(queue), this.keys.payloads(queue)),
				List.of(kind, newestFirst ? "newest" : "oldest", Long.toString(Math.max(0, offset)),
						Integer.toString(Math.max(1, Math.min(MAX_PAGE, size))),
						Integer.toString(Math.max(0, Math.min(65536, preview))))));
		long total = Replies.number(reply.get(0));
		List<RawTask> tasks = new ArrayList<>((reply.size() - 1) / 6);
		for (int i = 1; i + 5 < reply.size(); i += 6) {
			String score = Replies.string(reply.get(i + 1));
			tasks.add(new RawTask(Replies.string(reply.get(i)),
					score.isEmpty() ? null : Double.valueOf(score).longValue(), Replies.string(reply.get(i + 2)),
					Replies.string(reply.get(i + 3)), Replies.number(reply.get(i + 4)),
					Replies.number(reply.get(i + 5))));
		}
		return new Page(total, tasks);
	}

	/** One task's stored data and scores, empty when it has no data in the queue. */
	public Optional<RawDetail> inspect(String queue, String id) {
		List<?> reply = Replies.list(this.runner.run(INSPECT, queue,
				List.of(this.keys.tasks(queue), this.keys.payloads(queue), this.keys.scheduled(queue),
						this.keys.retry(queue), this.keys.active(queue), this.keys.dead(queue),
						this.keys.completed(queue)),
				List.of(id)));
		if (reply.isEmpty()) {
			return Optional.empty();
		}
		Long[] scores = new Long[5];
		for (int i = 0; i < 5; i++) {
			String score = Replies.string(reply.get(2 + i));
			scores[i] = score.isEmpty() ? null : Double.valueOf(score).longValue();
		}
		return Optional.of(new RawDetail(id, Replies.string(reply.get(0)), Replies.string(reply.get(1)), scores[0],
				scores[1], scores[2], scores[3], scores[4]));
	}

	/**
	 * The tasks holding a bizId under each of the task names, read from the dedup keys
	 * (kept for the task's dedup-ttl from its submit, default 24 h).
	 */
	public List<BizIdHolder> lookup(String queue, List<String> taskNames, String bizId) {
		if (taskNames.isEmpty()) {
			return List.of();
		}
		List<String> uniqueKeys = taskNames.stream().map((name) -> this.keys.unique(queue, name, bizId)).toList();
		List<?> reply = Replies.list(this.runner.run(LOOKUP, queue, uniqueKeys, List.of()));
		List<BizIdHolder> holders = new ArrayList<>();
		for (int i = 0; i < taskNames.size(); i++) {
			String id = Replies.string(reply.get(2 * i));
			if (!id.isEmpty()) {
				long ttl = Replies.number(reply.get(2 * i + 1));
				holders.add(new BizIdHolder(taskNames.get(i), id, (ttl >= 0) ? Duration.ofMillis(ttl) : null));
			}
		}
		return holders;
	}

	/** The key of a browsable state (waiting: by next check, the flows' sweep order). */
	String stateKey(String queue, String state) {
		return switch (state.toLowerCase(Locale.ROOT)) {
			case "pending" -> this.keys.pending(queue);
			case "scheduled" -> this.keys.scheduled(queue);
			case "retry" -> this.keys.retry(queue);
			case "active" -> this.keys.active(queue);
			case "dead" -> this.keys.dead(queue);
			case "completed" -> this.keys.completed(queue);
			case "waiting" -> this.keys.waiting(queue);
			default -> throw new IllegalArgumentException("state must be one of pending, scheduled, retry, active, "
					+ "dead, completed, waiting but was '" + state + "'");
		};
	}

	/**
	 * A page of one state.
	 *
	 * @param total tasks in the state
	 * @param tasks the page, in the order asked for
	 */
	public record Page(long total, List<RawTask> tasks) {

	}

	/**
	 * A task as stored.
	 *
	 * @param id the task id
	 * @param score its score in the state's sorted set (ms), null for pending
	 * @param meta the meta JSON, {@code ""} when the id has no data
	 * @param payloadPreview the first bytes of the payload
	 * @param payloadLength the payload's full length in bytes
	 * @param metaLength the meta's length in bytes
	 */
	public record RawTask(String id, @Nullable Long score, String meta, String payloadPreview, long payloadLength,
			long metaLength) {

	}

	/**
	 * One task as stored, with its score in each state set it is in (ms; null when not).
	 *
	 * @param id the task id
	 * @param meta the meta JSON
	 * @param payload the payload
	 * @param scheduledAt when a scheduled task is due
	 * @param retryAt when a retrying task runs again
	 * @param leaseUntil when an active task's lease ends
	 * @param diedAt when a dead task died
	 * @param expiresAt when a completed task is dropped
	 */
	public record RawDetail(String id, String meta, String payload, @Nullable Long scheduledAt, @Nullable Long retryAt,
			@Nullable Long leaseUntil, @Nullable Long diedAt, @Nullable Long expiresAt) {

	}

	/**
	 * The task a dedup key points at.
	 *
	 * @param taskName the task name the bizId was submitted under
	 * @param taskId the task id (its task may have completed since)
	 * @param keptFor how much longer the key is kept, null when it has no expiry
	 */
	public record BizIdHolder(String taskName, String taskId, @Nullable Duration keptFor) {

	}

}
