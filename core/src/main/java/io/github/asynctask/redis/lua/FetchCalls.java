package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.ArgsWriter;
import io.github.asynctask.redis.script.DirectScripts;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ReplyReading;
import io.github.asynctask.redis.script.ScriptBytes;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;
import org.jspecify.annotations.Nullable;

/**
 * Fetches ({@code dequeue.lua}) and the hand-back of fetches whose reply was lost
 * ({@code release-fetch.lua}), each fetch recorded under a random id in the
 * {@link FetchLedger}.
 */
final class FetchCalls {

	private final ScriptRunner runner;

	/**
	 * Where fetches go: a blocking connection of the fetcher's own when the Redis
	 * qualifies, it is free and on.
	 */
	private final DirectScripts direct;

	private final RedisKeys keys;

	private final Duration completedRetention;

	private final Duration completedIds;

	/**
	 * Where the dequeue script's keys hold this fetch's record, then the answered one's.
	 */
	private static final int FETCH_KEY = 7;

	/** The keys of the dequeue script, encoded once per queue. */
	private final Map<String, byte[][]> dequeueKeys = new ConcurrentHashMap<>();

	private final DeliveryReader reader = new DeliveryReader();

	private final Millis.Bytes leaseBytes = new Millis.Bytes();

	private final Millis.Bytes retentionBytes = new Millis.Bytes();

	private final Millis.Bytes completedIdsBytes = new Millis.Bytes();

	/** How each queue's fetches read their replies, made once per queue. */
	private final Map<String, ReplyReading<FetchReply>> readings = new ConcurrentHashMap<>();

	private final FetchLedger fetches = new FetchLedger();

	FetchCalls(DirectScripts direct, ScriptRunner runner, RedisKeys keys, Duration completedRetention,
			Duration completedIds) {
		this.direct = direct;
		this.runner = runner;
		this.keys = keys;
		this.completedRetention = completedRetention;
		this.completedIds = completedIds;
	}

	/**
	 * Hands back first the fetches of this queue whose reply was lost, then fetches; a
	 * fetch that fails is remembered as lost, since Redis may have run it all the same.
	 */
	Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		if (max <= 0) {
			return new Dequeued(List.of(), Duration.ZERO);
		}
		Set<String> lost = this.fetches.lost(queue);
		releaseLost(queue, lease, lost);
		try {
			return dequeueRecorded(queue, max, lease, limit, lost);
		}
		catch (RedisUnavailableException ex) {
			if (!DirectScripts.isBrokenConnection(ex)) {
				throw ex;
			}
			// Redis closed the fetcher's own connection within the call (a restart, a
			// kill): hand that fetch back, then fetch again on a new connection
			releaseLost(queue, lease, lost);
			return dequeueRecorded(queue, max, lease, limit, lost);
		}
	}

	private void releaseLost(String queue, Duration lease, Set<String> lost) {
		for (String fetchId : lost) {
			releaseFetch(queue, fetchId, lease);
			lost.remove(fetchId);
		}
	}

	private Dequeued dequeueRecorded(String queue, int max, Duration lease, @Nullable RateLimit limit,
			Set<String> lost) {
		String fetchId = FetchLedger.newId();
		try {
			Dequeued dequeued = dequeue(queue, max, lease, limit, fetchId);
			if (!dequeued.deliveries().isEmpty()) {
				this.fetches.answered(queue, fetchId);
			}
			return dequeued;
		}
		catch (RedisUnavailableException ex) {
			// Redis may run the call all the same: a late reply, or a re-send on
			// reconnect
			lost.add(fetchId);
			throw ex;
		}
	}

	/** One dequeue call recorded under {@code fetchId}. */
	Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit, String fetchId) {
		String answered = this.fetches.takeAnswered(queue);
		byte[][] keys = this.dequeueKeys.computeIfAbsent(queue, this::dequeueKeys).clone();
		keys[FETCH_KEY] = ScriptBytes.utf8(this.keys.fetch(queue, fetchId));
		keys[FETCH_KEY + 1] = ScriptBytes.utf8(this.keys.fetch(queue, (answered != null) ? answered : ""));
		byte[] leaseArg = this.leaseBytes.of(lease);
		byte[] retentionArg = this.retentionBytes.of(this.completedRetention);
		byte[] completedIdsArg = this.completedIdsBytes.of(this.completedIds);
		// drawn before the call: a call written again after a reconnect sends the same
		long[] tokens = new long[max];
		for (int i = 0; i < max; i++) {
			tokens[i] = newToken();
		}
		// each token written straight into the client's buffer, no byte array per task
		ArgsWriter args = new ArgsWriter() {

			@Override
			public int count() {
				return 4 + max + ((limit != null) ? 2 : 0);
			}

			@Override
			public void writeTo(Sink sink) {
				sink.decimal(max);
				sink.bytes(leaseArg);
				sink.bytes(retentionArg);
				sink.bytes(completedIdsArg);
				for (long token : tokens) {
					sink.decimal(token);
				}
				if (limit != null) {
					sink.decimal(limit.permits());
					sink.text(Millis.arg(limit.period()));
				}
			}

		};
		// id, "<meta>\n<payload>" pairs, then perhaps one number (dequeue.lua)
		FetchReply reply = this.direct.runOnce(Scripts.DEQUEUE, queue, keys, args,
				this.readings.computeIfAbsent(queue, (name) -> FetchReply.reading(name, this.reader)));
		List<Delivery> deliveries = reply.deliveries(queue, this.reader);
		long held = reply.held();
		return new Dequeued(deliveries, Duration.ofMillis(Math.max(0, held)), held < 0);
	}

	/**
	 * The keys of the dequeue script in UTF-8, the two fetch records ({@link #FETCH_KEY})
	 * left to each call.
	 */
	private byte[][] dequeueKeys(String queue) {
		List<String> keys = List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.active(queue),
				this.keys.leases(queue), this.keys.paused(queue), this.keys.dead(queue), this.keys.completed(queue), "",
				"", this.keys.payloads(queue), this.keys.done(queue), this.keys.wake(queue), this.keys.rate(queue),
				this.keys.concurrencyKeys(queue), this.keys.parkedByKey(queue), this.keys.parkedKeys(queue),
				this.keys.batchOwed(queue));
		return ScriptBytes.utf8(keys);
	}

	/**
	 * Hands the tasks of a fetch whose reply was lost back to the front of pending,
	 * uncounted, and makes a late run of that fetch take nothing.
	 */
	int releaseFetch(String queue, String fetchId, Duration lease) {
		return (int) Replies.single(this.runner.run(Scripts.RELEASE_FETCH, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.active(queue),
						this.keys.leases(queue), this.keys.fetch(queue, fetchId), this.keys.payloads(queue),
						this.keys.wake(queue)),
				List.of(Millis.arg(lease))));
	}

	/**
	 * A fencing token: random rather than counted in Redis, so a Redis that loses recent
	 * writes and hands a task out again never repeats a token an old worker still holds.
	 * Positive and below 2^53 so any reader that treats it as a double keeps it exact.
	 */
	private static long newToken() {
		return ThreadLocalRandom.current().nextLong(1, 1L << 53);
	}

}
