package io.github.asynctask;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import io.github.asynctask.aop.TaskBodyInvoker;
import io.github.asynctask.codec.DecodedPayload;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisConnections;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.RedisServer;

import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Reads what the submit side left in Redis and, standing in for the worker, takes one
 * task and runs its body through the {@link TaskBodyInvoker}.
 */
public final class RedisTasks {

	public static final RedisKeys KEYS = new RedisKeys("test");

	private final RedisServer redis;

	private final ApplicationContext context;

	public RedisTasks(RedisServer redis, ApplicationContext context) {
		this.redis = redis;
		this.context = context;
	}

	/**
	 * A started connection factory with a short command timeout, so calls during an
	 * outage fail in seconds rather than Lettuce's default minute.
	 */
	public static LettuceConnectionFactory connect(RedisServer redis) {
		return RedisConnections.standalone(redis);
	}

	/**
	 * The keys outside the {@code {instances}} slot: those of tasks and queues, not the
	 * submitter's claim of an instance number of task ids.
	 */
	public static List<String> taskKeys(RedisServer redis) {
		String keys = redis.cli("KEYS", "*");
		return (keys == null || keys.isEmpty()) ? List.of()
				: Arrays.stream(keys.split("\n")).filter((key) -> !key.contains(":{instances}:")).toList();
	}

	public long pending(String queue) {
		return Long.parseLong(this.redis.cli("LLEN", KEYS.pending(queue)));
	}

	public long scheduled(String queue) {
		return Long.parseLong(this.redis.cli("ZCARD", KEYS.scheduled(queue)));
	}

	public long stored(String queue) {
		return Long.parseLong(this.redis.cli("HLEN", KEYS.tasks(queue)));
	}

	public List<String> pendingIds(String queue) {
		String ids = this.redis.cli("LRANGE", KEYS.pending(queue), "0", "-1");
		return ids.isEmpty() ? List.of() : List.of(ids.split("\n"));
	}

	/**
	 * Take one pending task, read its arguments and run its body; returns the delivery.
	 */
	public Delivery runOne(String queue) throws Throwable {
		RedisBroker broker = this.context.getBean(RedisBroker.class);
		List<Delivery> taken = broker.dequeue(queue, 1, Duration.ofMinutes(1));
		if (taken.size() != 1) {
			throw new AssertionError("Expected one pending task in queue '" + queue + "' but got " + taken.size());
		}
		Delivery delivery = taken.get(0);
		TaskDefinition definition = this.context.getBean(TaskRegistry.class).find(delivery.name()).orElseThrow();
		DecodedPayload payload = this.context.getBean(TaskCodec.class).decode(definition, delivery.payload());
		this.context.getBean(TaskBodyInvoker.class).invoke(definition, payload.args());
		broker.complete(delivery, Duration.ZERO);
		return delivery;
	}

}
