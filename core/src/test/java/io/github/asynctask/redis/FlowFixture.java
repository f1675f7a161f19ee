package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.test.RedisServer;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The broker and flow store of flow tests on one Redis, and their requests: tasks of
 * {@code shipping} that wait for {@code order.pay} tasks of {@code payments}.
 */
final class FlowFixture implements AutoCloseable {

	static final String PAYMENTS = "payments";

	static final String SHIPPING = "shipping";

	static final RedisKeys KEYS = new RedisKeys("asynctask");

	private final LettuceConnectionFactory connectionFactory;

	final LuaRedisBroker broker;

	final FlowStore store;

	/**
	 * @param replyTimeout how long the broker and the store wait for a reply
	 */
	FlowFixture(RedisServer redis, Duration replyTimeout) {
		this.connectionFactory = RedisConnections.standalone(redis);
		this.broker = new LuaRedisBroker(this.connectionFactory, KEYS, Duration.ZERO, replyTimeout);
		this.store = new FlowStore(this.connectionFactory, KEYS, replyTimeout);
	}

	LettuceConnectionFactory connectionFactory() {
		return this.connectionFactory;
	}

	/** The condition met when {@code order.pay} of {@code order} completes. */
	static EnqueueRequest.Awaited pay(String order) {
		return EnqueueRequest.Awaited.task(PAYMENTS, "order.pay", order);
	}

	/** A shipping task of bizId {@code order} waiting for {@code after}. */
	static EnqueueRequest ship(String id, String order, Duration timeout, EnqueueRequest.Awaited... after) {
		return EnqueueRequest.now(SHIPPING, id, "order.ship", "{}", 0)
			.withBizId(order, Duration.ofMinutes(5))
			.withAfter(List.of(after), timeout);
	}

	@Override
	public void close() {
		this.connectionFactory.destroy();
	}

}
