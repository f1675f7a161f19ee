package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;

/**
 * The rate limit of a sharded queue, taken before its fetch and settled after it
 * ({@code rate_take.lua}, {@code rate_settle.lua}): one log in the queue's own slot for
 * every shard, so the limit holds for the queue as a whole, whichever shards the tasks
 * come from and whichever instance fetches them.
 *
 * <p>
 * Internal: public only so that the other rooms of {@code redis} can use it; not an API.
 */
public final class RatePermits {

	private final ScriptRunner runner;

	private final RedisKeys keys;

	public RatePermits(ScriptRunner runner, RedisKeys keys) {
		this.runner = runner;
		this.keys = keys;
	}

	/**
	 * Up to {@code wanted} permits of {@code queue}'s limit, counted as used until
	 * settled.
	 */
	public Permits take(String queue, int wanted, RateLimit limit) {
		String fetchId = FetchLedger.newId();
		List<?> reply = Replies.list(this.runner.run(Scripts.RATE_TAKE, queue, List.of(this.keys.rate(queue)),
				List.of(Integer.toString(wanted), Integer.toString(limit.permits()),
						Long.toString(limit.period().toMillis()), fetchId)));
		return new Permits(queue, fetchId, (int) Replies.number(reply.get(0)),
				Duration.ofMillis(Replies.number(reply.get(1))), limit);
	}

	/** The first {@code used} permits paid for deliveries; the others go back. */
	public void settle(Permits permits, int used) {
		this.runner.run(Scripts.RATE_SETTLE, permits.queue(), List.of(this.keys.rate(permits.queue())),
				List.of(permits.fetchId(), Integer.toString(permits.granted()), Integer.toString(used),
						Long.toString(permits.limit().period().toMillis())));
	}

	/**
	 * Permits one fetch took.
	 *
	 * @param queue the queue (not a shard)
	 * @param fetchId names the permits in the log
	 * @param granted how many
	 * @param retryAfter when the limit is reached with them, how long until its next
	 * permit frees; else zero
	 * @param limit the limit they were taken under
	 */
	public record Permits(String queue, String fetchId, int granted, Duration retryAfter, RateLimit limit) {
	}

}
