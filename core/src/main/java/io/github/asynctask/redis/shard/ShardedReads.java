package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.RedisBroker;

/**
 * The read fan-out: stats, find and list ask every shard of a queue and answer under the
 * queue's name, as if it were one.
 */
final class ShardedReads {

	private final RedisBroker shards;

	private final ShardLayout layout;

	ShardedReads(RedisBroker shards, ShardLayout layout) {
		this.shards = shards;
		this.layout = layout;
	}

	List<QueueStats> shardStats(String queue) {
		return this.layout.served(queue).stream().map(this.shards::stats).toList();
	}

	QueueStats stats(String queue) {
		List<QueueStats> each = shardStats(queue);
		if (each.size() == 1) {
			return each.get(0);
		}
		long pending = 0;
		long scheduled = 0;
		long active = 0;
		long retry = 0;
		long dead = 0;
		long completed = 0;
		long waiting = 0;
		boolean paused = false;
		Duration latency = Duration.ZERO;
		for (QueueStats stats : each) {
			pending += stats.pending();
			scheduled += stats.scheduled();
			active += stats.active();
			retry += stats.retry();
			dead += stats.dead();
			completed += stats.completed();
			waiting += stats.waiting();
			paused |= stats.paused();
			latency = (stats.latency().compareTo(latency) > 0) ? stats.latency() : latency;
		}
		return new QueueStats(queue, pending, scheduled, active, retry, dead, completed, paused, latency, waiting);
	}

	Optional<TaskInfo> find(String queue, String id) {
		for (String shard : this.layout.served(queue)) {
			Optional<TaskInfo> found = this.shards.find(shard, id);
			if (found.isPresent()) {
				return found.map((info) -> named(info, queue));
			}
		}
		return Optional.empty();
	}

	/**
	 * The first {@code offset + count} of each shard, merged by last change (the score
	 * the sets sort by, up to retention details), then the page cut out of that.
	 */
	List<TaskInfo> list(String queue, TaskState state, int offset, int count) {
		List<String> served = this.layout.served(queue);
		if (served.size() == 1) {
			return this.shards.list(queue, state, offset, count);
		}
		List<TaskInfo> merged = new ArrayList<>();
		for (String shard : served) {
			this.shards.list(shard, state, 0, offset + count).forEach((info) -> merged.add(named(info, queue)));
		}
		merged.sort(Comparator.comparing(TaskInfo::updatedAt).thenComparing(TaskInfo::id));
		return List.copyOf(merged.subList(Math.min(offset, merged.size()), Math.min(offset + count, merged.size())));
	}

	private static TaskInfo named(TaskInfo info, String queue) {
		return new TaskInfo(info.id(), info.name(), queue, info.state(), info.attempts(), info.maxRetries(),
				info.lastError(), info.createdAt(), info.updatedAt(), info.payload(), info.progress());
	}

}
