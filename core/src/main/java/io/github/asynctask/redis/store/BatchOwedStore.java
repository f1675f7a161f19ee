package io.github.asynctask.redis.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The batch reports a queue owes, in the queue's own slot ({@code <prefix>:{q}:bown}):
 * every script that ends a batch's child without its worker (cancel, kill, delete, the
 * recoverer's and the fetch's burials, a flow's wait timeout, a cancelled delivery's end)
 * records {@code <batch id>:<child index>} there. Read oldest first
 * ({@code batch_owed.lua}), delivered with {@link BatchStore#report}, then settled
 * ({@code batch_settle.lua}).
 */
public final class BatchOwedStore {

	static final LuaScript OWED = LuaScript.load("batch_owed");

	static final LuaScript SETTLE = LuaScript.load("batch_settle");

	private final ScriptRunner runner;

	private final RedisKeys keys;

	public BatchOwedStore(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration replyTimeout) {
		this.runner = new ScriptRunner(connectionFactory, replyTimeout);
		this.keys = keys;
	}

	/** At most {@code limit} entries {@code queue} owes, oldest first. */
	public List<String> owed(String queue, int limit) {
		List<?> reply = Replies
			.list(this.runner.run(OWED, queue, List.of(this.keys.batchOwed(queue)), List.of(Integer.toString(limit))));
		List<String> entries = new ArrayList<>(reply.size());
		for (Object entry : reply) {
			entries.add(Replies.string(entry));
		}
		return entries;
	}

	/** These entries were delivered to their batches. */
	public void settle(String queue, List<String> entries) {
		if (!entries.isEmpty()) {
			this.runner.run(SETTLE, queue, List.of(this.keys.batchOwed(queue)), entries);
		}
	}

}
