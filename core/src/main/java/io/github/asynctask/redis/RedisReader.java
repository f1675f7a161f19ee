package io.github.asynctask.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;

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

	public QueueStats stats(String queue) {
		List<?> reply = Replies.list(this.runner.run(Scripts.STATS, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.active(queue), this.keys.retry(queue), this.keys.dead(queue),
						this.keys.completed(queue), this.keys.paused(queue)),
				List.of()));
		long[] n = new long[reply.size()];
		for (int i = 0; i < n.length; i++) {
			n[i] = Replies.number(reply.get(i));
		}
		return new QueueStats(queue, n[0], n[1], n[2], n[3], n[4], n[5], n[6] == 1, Duration.ofMillis(n[7]));
	}

	public Optional<TaskInfo> find(String queue, String id) {
		String key = this.keys.tasks(queue);
		byte[] raw = this.runner.call("HGET", queue,
				(connection) -> connection.hashCommands().hGet(bytes(key), bytes(id)));
		return Optional.ofNullable(raw).map((value) -> StoredTask.parse(id, string(value)).toInfo(queue));
	}

	public List<TaskInfo> list(String queue, TaskState state, int offset, int count) {
		String set = switch (state) {
			case SCHEDULED -> this.keys.scheduled(queue);
			case RETRY -> this.keys.retry(queue);
			case DEAD -> this.keys.dead(queue);
			case COMPLETED -> this.keys.completed(queue);
			case ACTIVE -> this.keys.active(queue);
			case PENDING -> throw new IllegalArgumentException(
					"Listing pending tasks is not supported; read the queue's stats instead");
		};
		String tasks = this.keys.tasks(queue);
		return this.runner.call("LIST " + state, queue, (connection) -> {
			Set<byte[]> ids = connection.zSetCommands().zRange(bytes(set), offset, offset + count - 1L);
			if (ids == null || ids.isEmpty()) {
				return List.of();
			}
			List<byte[]> values = connection.hashCommands().hMGet(bytes(tasks), ids.toArray(new byte[0][]));
			List<TaskInfo> page = new ArrayList<>(ids.size());
			int i = 0;
			for (byte[] id : ids) {
				byte[] value = (values != null) ? values.get(i++) : null;
				if (value != null) {
					page.add(StoredTask.parse(string(id), string(value)).toInfo(queue));
				}
			}
			return page;
		});
	}

	public void registerQueues(Collection<String> queues) {
		if (queues.isEmpty()) {
			return;
		}
		byte[][] names = queues.stream().map(QueueName::check).map(RedisReader::bytes).toArray(byte[][]::new);
		this.runner.call("SADD", "-", (connection) -> connection.setCommands().sAdd(bytes(this.keys.queues()), names));
	}

	public Set<String> knownQueues() {
		Set<byte[]> members = this.runner.call("SMEMBERS", "-",
				(connection) -> connection.setCommands().sMembers(bytes(this.keys.queues())));
		Set<String> queues = new LinkedHashSet<>();
		if (members != null) {
			members.forEach((member) -> queues.add(string(member)));
		}
		return queues;
	}

	static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	static String string(byte[] value) {
		return new String(value, StandardCharsets.UTF_8);
	}

}
