package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
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
import io.github.asynctask.redis.script.Replies;
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

	private final RedisKeys keys;

	private final Duration completedRetention;

	private final Duration completedIds;

	/** The keys of the dequeue script, built once per queue. */
	private final Map<String, List<String>> dequeueKeys = new ConcurrentHashMap<>();

	private final FetchLedger fetches = new FetchLedger();

	FetchCalls(ScriptRunner runner, RedisKeys keys, Duration completedRetention, Duration completedIds) {
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
		for (String fetchId : lost) {
			releaseFetch(queue, fetchId, lease);
			lost.remove(fetchId);
		}
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
		List<String> keys = new ArrayList<>(this.dequeueKeys.computeIfAbsent(queue,
				(name) -> List.of(this.keys.tasks(name), this.keys.pending(name), this.keys.active(name),
						this.keys.leases(name), this.keys.paused(name), this.keys.dead(name),
						this.keys.completed(name))));
		keys.add(this.keys.fetch(queue, fetchId));
		keys.add(this.keys.fetch(queue, (answered != null) ? answered : ""));
		keys.add(this.keys.payloads(queue));
		keys.add(this.keys.done(queue));
		keys.add(this.keys.wake(queue));
		keys.add(this.keys.rate(queue));
		keys.add(this.keys.concurrencyKeys(queue));
		keys.add(this.keys.parkedByKey(queue));
		keys.add(this.keys.parkedKeys(queue));
		keys.add(this.keys.batchOwed(queue));
		List<String> args = new ArrayList<>(6 + max);
		args.addAll(List.of(Integer.toString(max), Millis.arg(lease), Millis.arg(this.completedRetention),
				Millis.arg(this.completedIds)));
		for (int i = 0; i < max; i++) {
			args.add(Long.toString(newToken()));
		}
		if (limit != null) {
			args.add(Integer.toString(limit.permits()));
			args.add(Millis.arg(limit.period()));
		}
		List<?> reply = Replies.list(this.runner.run(Scripts.DEQUEUE, queue, keys, args));
		// id, "<meta>\n<payload>" pairs, then perhaps one number (dequeue.lua)
		int pairs = reply.size() - reply.size() % 2;
		List<Delivery> deliveries = new ArrayList<>(pairs / 2);
		for (int i = 0; i < pairs; i += 2) {
			String id = Replies.string(reply.get(i));
			String[] value = Replies.splitAtFirstNewline(reply.get(i + 1));
			deliveries.add(StoredTask.parse(id, value[0], value[1]).toDelivery(queue));
		}
		long held = (pairs < reply.size()) ? Replies.number(reply.get(pairs)) : 0;
		return new Dequeued(deliveries, Duration.ofMillis(Math.max(0, held)), held < 0);
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
