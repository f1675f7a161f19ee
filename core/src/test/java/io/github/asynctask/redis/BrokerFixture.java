package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.RedisServer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeds tasks and reads raw Redis state for broker tests, so each test reads as "given
 * these tasks, when this transition, then this state".
 */
public final class BrokerFixture {

	public static final String QUEUE = "q1";

	public static final Duration LEASE = Duration.ofSeconds(30);

	private static final AtomicLong ids = new AtomicLong();

	public final RedisKeys keys = new RedisKeys("test");

	public final RedisServer redis;

	public final LuaRedisBroker broker;

	public BrokerFixture(RedisServer redis, LuaRedisBroker broker) {
		this.redis = redis;
		this.broker = broker;
	}

	public static String newId() {
		return String.format("id-%08d", ids.incrementAndGet());
	}

	public static EnqueueRequest request(String id) {
		return EnqueueRequest.now(QUEUE, id, "mail.send", "{\"args\":[1]}", 2);
	}

	public String enqueue() {
		String id = newId();
		assertThat(this.broker.enqueue(request(id)).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
		return id;
	}

	public Delivery enqueueAndTake() {
		String id = enqueue();
		List<Delivery> taken = this.broker.dequeue(QUEUE, 1, LEASE);
		assertThat(taken).extracting(Delivery::id).containsExactly(id);
		return taken.get(0);
	}

	/** Writes a task's stored data by hand, in key layout v2. */
	public void storeRaw(String id, String meta, String payload) {
		this.redis.cli("HSET", this.keys.tasks(QUEUE), id, meta);
		this.redis.cli("HSET", this.keys.payloads(QUEUE), id, payload);
	}

	public long llen(String key) {
		return Long.parseLong(this.redis.cli("LLEN", key));
	}

	public long zcard(String key) {
		return Long.parseLong(this.redis.cli("ZCARD", key));
	}

	public String zscore(String key, String member) {
		return this.redis.cli("ZSCORE", key, member);
	}

	public long hlen(String key) {
		return Long.parseLong(this.redis.cli("HLEN", key));
	}

	/** Milliseconds of Redis's own clock. */
	public long redisNow() {
		String[] time = this.redis.cli("TIME").split("\n");
		return Long.parseLong(time[0]) * 1000 + Long.parseLong(time[1]) / 1000;
	}

}
