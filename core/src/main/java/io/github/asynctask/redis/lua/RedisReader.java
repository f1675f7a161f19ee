package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.github.asynctask.QueueName;
import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.Placement;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;
import org.jspecify.annotations.Nullable;

/**
 * The read side of the broker: queue sizes, single tasks, pages of a state, known queues.
 * Reads change nothing, so plain commands suffice except where one call must see one
 * moment.
 */
abstract class RedisReader {

	final ScriptRunner runner;

	final RedisKeys keys;

	RedisReader(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	public RedisKeys keys() {
		return this.keys;
	}

	/** The fleet's heartbeat and agent turns on this broker's scripts. */
	public FleetCalls fleet() {
		return new LuaFleetCalls(this.runner, this.keys);
	}

	public QueueStats stats(String queue) {
		List<?> reply = Replies.list(this.runner.run(Scripts.STATS, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.active(queue), this.keys.retry(queue), this.keys.dead(queue),
						this.keys.completed(queue), this.keys.paused(queue), this.keys.waiting(queue),
						this.keys.parkedByKey(queue)),
				List.of()));
		long[] n = new long[Math.max(9, reply.size())];
		for (int i = 0; i < reply.size(); i++) {
			n[i] = Replies.number(reply.get(i));
		}
		return new QueueStats(queue, n[0], n[1], n[2], n[3], n[4], n[5], n[6] == 1, Duration.ofMillis(n[7]), n[8]);
	}

	public Optional<TaskInfo> find(String queue, String id) {
		List<?> reply = Replies.list(this.runner.run(Scripts.FIND, queue,
				List.of(this.keys.tasks(queue), this.keys.payloads(queue)), List.of(id)));
		return reply.isEmpty() ? Optional.empty() : Optional
			.of(StoredTask.parse(id, Replies.string(reply.get(0)), Replies.string(reply.get(1))).toInfo(queue));
	}

	public Placement placed(String queue, String id, @Nullable String taskName, @Nullable String bizId) {
		String unique = (bizId != null && taskName != null) ? this.keys.unique(queue, taskName, bizId)
				: this.keys.noUnique(queue);
		List<?> reply = Replies.list(this.runner.run(Scripts.PLACED, queue,
				List.of(this.keys.tasks(queue), this.keys.done(queue), unique), List.of(id)));
		String holder = Replies.string(reply.get(0));
		return new Placement(holder.isEmpty() ? null : holder, Replies.number(reply.get(1)) == 1);
	}

	public List<Integer> shardCounts(String queue, int count, long untilMillis) {
		List<String> args = (count > 0) ? List.of(Integer.toString(count), Long.toString(untilMillis))
				: List.of("", "");
		List<?> reply = Replies.list(this.runner.run(Scripts.LAYOUTS, queue, List.of(this.keys.layouts(queue)), args));
		return reply.stream().map((held) -> Integer.valueOf(Replies.string(held))).toList();
	}

	public List<TaskInfo> list(String queue, TaskState state, int offset, int count) {
		String set = switch (state) {
			case SCHEDULED -> this.keys.scheduled(queue);
			case RETRY -> this.keys.retry(queue);
			case DEAD -> this.keys.dead(queue);
			case COMPLETED -> this.keys.completed(queue);
			case ACTIVE -> this.keys.active(queue);
			case WAITING -> this.keys.waiting(queue);
			case PENDING -> throw new IllegalArgumentException(
					"Listing pending tasks is not supported; read the queue's stats instead");
		};
		List<?> reply = Replies
			.list(this.runner.run(Scripts.LIST, queue, List.of(set, this.keys.tasks(queue), this.keys.payloads(queue)),
					List.of(Integer.toString(offset), Integer.toString(count))));
		List<TaskInfo> page = new ArrayList<>(reply.size() / 3);
		for (int i = 0; i < reply.size(); i += 3) {
			page.add(StoredTask
				.parse(Replies.string(reply.get(i)), Replies.string(reply.get(i + 1)), Replies.string(reply.get(i + 2)))
				.toInfo(queue));
		}
		return page;
	}

	public void registerQueues(Collection<String> queues) {
		if (!queues.isEmpty()) {
			queues.forEach(QueueName::check);
			this.runner.run(Scripts.QUEUES, "-", List.of(this.keys.queues()), List.copyOf(queues));
		}
	}

	public Set<String> knownQueues() {
		List<?> reply = Replies.list(this.runner.run(Scripts.QUEUES, "-", List.of(this.keys.queues()), List.of()));
		Set<String> queues = new LinkedHashSet<>();
		reply.forEach((name) -> queues.add(Replies.string(name)));
		return queues;
	}

}
