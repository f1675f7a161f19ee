package io.github.asynctask.testing;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import io.github.asynctask.QueueStats;
import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardLayout;
import org.jspecify.annotations.Nullable;

/**
 * The {@link RedisBroker} of the modes without Redis: hands enqueues to
 * {@link OfflineSubmissions} and answers every read as an empty Redis would (no queues,
 * no tasks, zero sizes), so the endpoint, console and gauges work without a connection. A
 * proxy rather than a class, so that a method added to the broker interface needs no
 * change here.
 */
final class OfflineBroker implements InvocationHandler {

	private final OfflineSubmissions submissions;

	private final Supplier<RedisKeys> keys;

	private OfflineBroker(OfflineSubmissions submissions, Supplier<RedisKeys> keys) {
		this.submissions = submissions;
		this.keys = keys;
	}

	static RedisBroker create(OfflineSubmissions submissions, Supplier<RedisKeys> keys) {
		return (RedisBroker) Proxy.newProxyInstance(OfflineBroker.class.getClassLoader(),
				new Class<?>[] { RedisBroker.class }, new OfflineBroker(submissions, keys));
	}

	@Override
	@SuppressWarnings("unchecked")
	public @Nullable Object invoke(Object proxy, Method method, @Nullable Object[] args) {
		Object[] arguments = (args != null) ? args : new Object[0];
		switch (method.getName()) {
			case "enqueue":
				return this.submissions.accept(List.of((EnqueueRequest) arguments[0])).get(0);
			case "enqueueAll":
				return this.submissions.accept((List<EnqueueRequest>) arguments[0]);
			case "keys":
				return this.keys.get();
			case "sinceUnavailable":
				return null; // no Redis to be unavailable: submits after a commit go
								// straight to the recorder
			case "claimIdNumber":
				// no other instance to share numbers with: ids are as short as with Redis
				return new IdNumber(0, 0, Long.MAX_VALUE);
			case "renewIdNumber":
				return Long.MAX_VALUE;
			case "layout":
				// one shard per queue: result waiters and flow sweeps look at the queue
				// itself
				return ShardLayout.unsharded();
			case "cancel":
				return CancelOutcome.NONE; // no task without Redis to cancel
			case "stats":
				return new QueueStats((String) arguments[0], 0, 0, 0, 0, 0, 0, false, Duration.ZERO);
			case "toString":
				return "RedisBroker without Redis (async-task test mode)";
			case "hashCode":
				return System.identityHashCode(proxy);
			case "equals":
				return proxy == arguments[0];
			default:
				return empty(method);
		}
	}

	private static @Nullable Object empty(Method method) {
		Class<?> type = method.getReturnType();
		if (type == void.class) {
			return null;
		}
		if (type == List.class) {
			return List.of();
		}
		if (type == Set.class) {
			return Set.of();
		}
		if (type == Map.class) {
			return Map.of();
		}
		if (type == Optional.class) {
			return Optional.empty();
		}
		if (type == boolean.class) {
			return false;
		}
		if (type == int.class) {
			return 0;
		}
		if (type == long.class) {
			return 0L;
		}
		// Worker transitions (ack, retry, forward, ...): the worker is off without Redis.
		throw new UnsupportedOperationException("RedisBroker." + method.getName()
				+ " needs Redis, which the async-task test modes RECORD and INLINE do not use; "
				+ "use @AutoConfigureAsyncTask(mode = REDIS) for a test that runs workers");
	}

}
