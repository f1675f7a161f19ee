package io.github.asynctask.redis.store;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * A queue's processed and failed attempt counts per minute (kept 2 hours) and per UTC day
 * (kept 91 days), in buckets that expire on their own: {@code <prefix>:{q}:hist:m:<epoch
 * minute>} and {@code <prefix>:{q}:hist:d:<epoch day>}.
 */
public final class RedisHistory {

	static final Duration MINUTE_TTL = Duration.ofHours(2);

	static final Duration DAY_TTL = Duration.ofDays(91);

	private static final LuaScript ADD = LuaScript.load("history_add");

	private static final LuaScript READ = LuaScript.load("history");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	public RedisHistory(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.keys = keys;
	}

	/** Add counts to the buckets of {@code at}, in one call. */
	public void add(String queue, Instant at, long processed, long failed) {
		long minute = at.getEpochSecond() / 60;
		this.runner.run(ADD, queue, List.of(minuteKey(queue, minute), dayKey(queue, minute / (24 * 60))),
				List.of(Long.toString(processed), Long.toString(failed), Long.toString(MINUTE_TTL.toMillis()),
						Long.toString(DAY_TTL.toMillis())));
	}

	/**
	 * The last {@code minutes} minutes and {@code days} days up to {@code now}, oldest
	 * first, in one call.
	 */
	public History read(String queue, Instant now, int minutes, int days) {
		long minute = now.getEpochSecond() / 60;
		long day = minute / (24 * 60);
		List<String> bucketKeys = new ArrayList<>(minutes + days);
		for (long m = minute - minutes + 1; m <= minute; m++) {
			bucketKeys.add(minuteKey(queue, m));
		}
		for (long d = day - days + 1; d <= day; d++) {
			bucketKeys.add(dayKey(queue, d));
		}
		List<?> reply = Replies.list(this.runner.run(READ, queue, bucketKeys, List.of()));
		List<Bucket> perMinute = new ArrayList<>(minutes);
		List<Bucket> perDay = new ArrayList<>(days);
		for (int i = 0; i < minutes + days; i++) {
			long processed = Replies.number(reply.get(2 * i));
			long failed = Replies.number(reply.get(2 * i + 1));
			if (i < minutes) {
				perMinute.add(new Bucket(Instant.ofEpochSecond((minute - minutes + 1 + i) * 60), processed, failed));
			}
			else {
				perDay
					.add(new Bucket(Instant.ofEpochSecond((day - days + 1 + i - minutes) * 86400), processed, failed));
			}
		}
		return new History(perMinute, perDay);
	}

	private String minuteKey(String queue, long minute) {
		return this.keys.historyMinute(queue, minute);
	}

	private String dayKey(String queue, long day) {
		return this.keys.historyDay(queue, day);
	}

	/**
	 * Counts per minute and per day, oldest first.
	 *
	 * @param perMinute one bucket per minute
	 * @param perDay one bucket per UTC day
	 */
	public record History(List<Bucket> perMinute, List<Bucket> perDay) {

	}

	/**
	 * One bucket.
	 *
	 * @param start the bucket's start
	 * @param processed attempts that ended (succeeded or failed)
	 * @param failed attempts that failed
	 */
	public record Bucket(Instant start, long processed, long failed) {

	}

}
