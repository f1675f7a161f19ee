package io.github.asynctask.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;

/**
 * The floor under {@code forward}'s cost as a backlog grows: a bare script that reads
 * {@code count} scheduled tasks in due order from a random rank and their values from the
 * tasks hash ({@code ZRANGE} + {@code HMGET}), the memory {@code forward} touches before
 * it writes, with none of async-task's logic. Read-only, so every call can run on the
 * same queue; the random rank keeps the touched entries out of the CPU caches the way
 * fresh due tasks are. If this grows as much as {@code forward} from 10,000 to 1,000,000
 * waiting tasks, the growth is Redis's memory, not the script's work.
 */
final class ReadFloor {

	private static final byte[] SCRIPT = ("local ids = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2]) "
			+ "return #redis.call('HMGET', KEYS[2], unpack(ids))")
		.getBytes(StandardCharsets.UTF_8);

	private final RedisConnection connection;

	private final String sha;

	private final byte[] scheduled;

	private final byte[] tasks;

	private final long size;

	private final int count;

	ReadFloor(RedisConnection connection, String scheduledKey, String tasksKey, long size, int count) {
		this.connection = connection;
		this.sha = connection.scriptingCommands().scriptLoad(SCRIPT);
		this.scheduled = bytes(scheduledKey);
		this.tasks = bytes(tasksKey);
		this.size = size;
		this.count = count;
	}

	/** One call; fails unless it read {@code count} tasks. */
	void read() {
		long from = ThreadLocalRandom.current().nextLong(this.size - this.count);
		Long read = this.connection.scriptingCommands()
			.evalSha(this.sha, ReturnType.INTEGER, 2, this.scheduled, this.tasks, bytes(Long.toString(from)),
					bytes(Long.toString(from + this.count - 1)));
		if (read == null || read != this.count) {
			throw new IllegalStateException("The read floor read " + read + " tasks, expected " + this.count);
		}
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
