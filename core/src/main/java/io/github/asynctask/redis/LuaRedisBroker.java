package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link RedisBroker} on Spring Data Redis: each transition is one script of
 * {@code scripts/}, called by SHA with every key it touches in {@code KEYS}.
 */
public final class LuaRedisBroker extends RedisReader implements RedisBroker {

	/** Default of {@code async-task.redis-timeout}. */
	public static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofSeconds(5);

	private final Duration completedRetention;

	public LuaRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys) {
		this(connectionFactory, keys, Duration.ZERO);
	}

	/**
	 * @param completedRetention how long to keep a task whose late success is found at
	 * fetch or recovery ({@code async-task.retention.completed})
	 */
	public LuaRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration completedRetention) {
		this(connectionFactory, keys, completedRetention, DEFAULT_REPLY_TIMEOUT);
	}

	/**
	 * @param replyTimeout longest wait for a script's reply
	 * ({@code async-task.redis-timeout}), independent of the client's own command timeout
	 */
	public LuaRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration completedRetention,
			Duration replyTimeout) {
		super(new ScriptRunner(connectionFactory, replyTimeout), keys);
		this.completedRetention = completedRetention;
	}

	@Override
	public EnqueueResult enqueue(EnqueueRequest request) {
		Object reply = this.runner.run(Scripts.ENQUEUE, request.queue(), enqueueKeys(request), enqueueArgs(request));
		return enqueueResult(request, reply);
	}

	@Override
	public List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		if (requests.isEmpty()) {
			return List.of();
		}
		List<List<String>> keys = new ArrayList<>(requests.size());
		List<List<String>> args = new ArrayList<>(requests.size());
		for (EnqueueRequest request : requests) {
			keys.add(enqueueKeys(request));
			args.add(enqueueArgs(request));
		}
		List<Object> replies = this.runner.runAll(Scripts.ENQUEUE, requests.get(0).queue(), keys, args);
		List<EnqueueResult> results = new ArrayList<>(requests.size());
		for (int i = 0; i < requests.size(); i++) {
			results.add(enqueueResult(requests.get(i), replies.get(i)));
		}
		return results;
	}

	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		if (max <= 0) {
			return List.of();
		}
		List<?> reply = Replies.list(this.runner.run(Scripts.DEQUEUE, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.active(queue),
						this.keys.leases(queue), this.keys.paused(queue), this.keys.dead(queue),
						this.keys.completed(queue)),
				List.of(Integer.toString(max), millis(lease), millis(this.completedRetention))));
		List<Delivery> deliveries = new ArrayList<>(reply.size() / 2);
		for (int i = 0; i < reply.size(); i += 2) {
			String id = Replies.string(reply.get(i));
			deliveries.add(StoredTask.parse(id, Replies.string(reply.get(i + 1))).toDelivery(queue));
		}
		return deliveries;
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		String queue = delivery.queue();
		return ack(Scripts.COMPLETE, delivery, List.of(this.keys.tasks(queue), this.keys.active(queue),
				this.keys.leases(queue), this.keys.completed(queue)), List.of(millis(retention)));
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		String queue = delivery.queue();
		return ack(
				Scripts.RETRY, delivery, List.of(this.keys.tasks(queue), this.keys.active(queue),
						this.keys.leases(queue), this.keys.retry(queue)),
				List.of(millis(delay), error, this.keys.dueChannel(queue)));
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		String queue = delivery.queue();
		return ack(Scripts.KILL, delivery, List.of(this.keys.tasks(queue), this.keys.active(queue),
				this.keys.leases(queue), this.keys.dead(queue)), List.of(reason));
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		String queue = delivery.queue();
		return ack(Scripts.REQUEUE, delivery, List.of(this.keys.tasks(queue), this.keys.active(queue),
				this.keys.leases(queue), this.keys.pending(queue)), List.of(this.keys.wakeChannel(queue)));
	}

	@Override
	public Set<String> extendLeases(String queue, Map<String, Long> tokens, Duration lease) {
		if (tokens.isEmpty()) {
			return Set.of();
		}
		List<String> args = new ArrayList<>(1 + tokens.size() * 2);
		args.add(millis(lease));
		tokens.forEach((id, token) -> {
			args.add(id);
			args.add(Long.toString(token));
		});
		List<?> lost = Replies.list(this.runner.run(Scripts.EXTEND, queue,
				List.of(this.keys.active(queue), this.keys.leases(queue)), args));
		return lost.stream().map(Replies::string).collect(java.util.stream.Collectors.toUnmodifiableSet());
	}

	@Override
	public int recover(String queue, int limit, Duration retryDelay) {
		return (int) Replies.single(this.runner.run(Scripts.RECOVER, queue,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.completed(queue)),
				List.of(Integer.toString(limit), millis(retryDelay), millis(this.completedRetention),
						this.keys.dueChannel(queue))));
	}

	@Override
	public ForwardResult forward(String queue, int limit) {
		List<?> reply = Replies.list(this.runner.run(
				Scripts.FORWARD, queue, List.of(this.keys.tasks(queue), this.keys.scheduled(queue),
						this.keys.retry(queue), this.keys.pending(queue)),
				List.of(Integer.toString(limit), this.keys.wakeChannel(queue))));
		int moved = (int) Replies.number(reply.get(0));
		long nextDue = Replies.number(reply.get(1));
		long now = Replies.number(reply.get(2));
		return new ForwardResult(moved, (nextDue < 0) ? null : Duration.ofMillis(Math.max(0, nextDue - now)));
	}

	@Override
	public int trim(String queue, Duration deadRetention, int limit) {
		return (int) Replies.single(this.runner.run(Scripts.TRIM, queue,
				List.of(this.keys.tasks(queue), this.keys.dead(queue), this.keys.completed(queue)),
				List.of(millis(deadRetention), Integer.toString(limit))));
	}

	@Override
	public void pause(String queue) {
		this.runner.run(Scripts.SET_PAUSED, queue, List.of(this.keys.paused(queue)), List.of("1"));
	}

	@Override
	public void resume(String queue) {
		this.runner.run(Scripts.SET_PAUSED, queue, List.of(this.keys.paused(queue)), List.of("0"));
	}

	@Override
	public boolean delete(String queue, String id) {
		long reply = Replies.single(this.runner.run(Scripts.DELETE, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.active(queue)),
				List.of(id)));
		if (reply == -2) {
			throw new IllegalStateException("Task " + id + " of queue '" + queue
					+ "' is running; delete it once it has finished or been recovered");
		}
		return reply == 1;
	}

	@Override
	public boolean retryDead(String queue, String id) {
		long reply = Replies.single(this.runner.run(Scripts.RETRY_DEAD, queue,
				List.of(this.keys.tasks(queue), this.keys.dead(queue), this.keys.pending(queue)),
				List.of(id, this.keys.wakeChannel(queue))));
		if (reply == -1) {
			throw new IllegalStateException("Dead task " + id + " of queue '" + queue
					+ "' has unreadable data and cannot be retried; inspect it, then delete it");
		}
		return reply == 1;
	}

	@Override
	public void heartbeat(String instanceId, String info, Duration ttl) {
		this.runner.run(Scripts.HEARTBEAT, "-", List.of(this.keys.instancesSeen(), this.keys.instancesInfo()),
				List.of(instanceId, info, millis(ttl)));
	}

	@Override
	public void unregister(String instanceId) {
		this.runner.run(Scripts.UNREGISTER, "-", List.of(this.keys.instancesSeen(), this.keys.instancesInfo()),
				List.of(instanceId));
	}

	@Override
	public Map<String, String> instances() {
		List<?> reply = Replies.list(this.runner.run(Scripts.INSTANCES, "-",
				List.of(this.keys.instancesSeen(), this.keys.instancesInfo()), List.of()));
		Map<String, String> instances = new LinkedHashMap<>();
		for (int i = 0; i < reply.size(); i += 2) {
			instances.put(Replies.string(reply.get(i)), Replies.string(reply.get(i + 1)));
		}
		return instances;
	}

	private AckResult ack(LuaScript script, Delivery delivery, List<String> keys, List<String> extraArgs) {
		List<String> args = new ArrayList<>(2 + extraArgs.size());
		args.add(delivery.id());
		args.add(Long.toString(delivery.token()));
		args.addAll(extraArgs);
		long reply = Replies.single(this.runner.run(script, delivery.queue(), keys, args));
		return (reply == 1) ? AckResult.APPLIED : (reply == 0) ? AckResult.STALE : AckResult.MISSING;
	}

	private List<String> enqueueKeys(EnqueueRequest request) {
		String queue = request.queue();
		String unique = (request.bizId() != null) ? this.keys.unique(queue, request.name(), request.bizId())
				: this.keys.noUnique(queue);
		return List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue), unique);
	}

	private List<String> enqueueArgs(EnqueueRequest request) {
		boolean dedup = request.bizId() != null && request.dedupTtl().toMillis() > 0;
		return List.of(request.id(), request.name(), request.payload(), Integer.toString(request.maxRetries()),
				(request.delay() != null) ? millis(request.delay()) : "0",
				(request.at() != null) ? Long.toString(request.at().toEpochMilli()) : "-1",
				dedup ? millis(request.dedupTtl()) : "0", this.keys.wakeChannel(request.queue()),
				this.keys.dueChannel(request.queue()));
	}

	private static EnqueueResult enqueueResult(EnqueueRequest request, Object reply) {
		List<?> values = Replies.list(reply);
		String id = Replies.string(values.get(1));
		return switch ((int) Replies.number(values.get(0))) {
			case 1 -> new EnqueueResult(id, EnqueueResult.Outcome.ENQUEUED);
			case 2 -> new EnqueueResult(id, EnqueueResult.Outcome.SCHEDULED);
			case 0 -> new EnqueueResult(id, EnqueueResult.Outcome.DUPLICATE);
			case 3 -> new EnqueueResult(id, EnqueueResult.Outcome.ALREADY_EXISTS);
			default -> throw new IllegalStateException("Unexpected enqueue reply " + values + " for task "
					+ request.id() + " of queue '" + request.queue() + "'");
		};
	}

	private static String millis(Duration duration) {
		return Long.toString(Math.max(0, duration.toMillis()));
	}

}
