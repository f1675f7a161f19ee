package io.github.asynctask.redis;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.shard.ShardLayout;
import org.jspecify.annotations.Nullable;

/**
 * A {@link RedisBroker} that hands every call, the port's default methods included, to a
 * delegate: a decorator extends it and overrides only the calls it changes, so a method
 * added to the port reaches the broker underneath without an edit to each decorator.
 */
public abstract class ForwardingRedisBroker implements RedisBroker {

	private final RedisBroker delegate;

	protected ForwardingRedisBroker(RedisBroker delegate) {
		this.delegate = delegate;
	}

	/** The broker every call goes to. */
	protected final RedisBroker delegate() {
		return this.delegate;
	}

	@Override
	public RedisKeys keys() {
		return this.delegate.keys();
	}

	@Override
	public @Nullable Duration sinceUnavailable() {
		return this.delegate.sinceUnavailable();
	}

	@Override
	public void close() {
		this.delegate.close();
	}

	@Override
	public EnqueueResult enqueue(EnqueueRequest request) {
		return this.delegate.enqueue(request);
	}

	@Override
	public List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		return this.delegate.enqueueAll(requests);
	}

	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		return this.delegate.dequeue(queue, max, lease);
	}

	@Override
	public Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		return this.delegate.dequeue(queue, max, lease, limit);
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		return this.delegate.complete(delivery, retention);
	}

	@Override
	public List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		return this.delegate.completeAll(deliveries, retention);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		return this.delegate.retry(delivery, delay, error);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		return this.delegate.retry(delivery, delay, error, attempt);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		return this.delegate.kill(delivery, reason);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		return this.delegate.kill(delivery, reason, attempt);
	}

	@Override
	public boolean bury(String queue, String id, String raw, String reason) {
		return this.delegate.bury(queue, id, raw, reason);
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		return this.delegate.requeue(delivery);
	}

	@Override
	public HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace,
			String error, String deadReason) {
		return this.delegate.handBack(delivery, minDelay, maxDelay, grace, error, deadReason);
	}

	@Override
	public Set<DeliveryToken> extendLeases(String queue, Collection<DeliveryToken> deliveries, Duration lease) {
		return this.delegate.extendLeases(queue, deliveries, lease);
	}

	@Override
	public RecoverResult recover(String queue, int limit, Duration retryDelay) {
		return this.delegate.recover(queue, limit, retryDelay);
	}

	@Override
	public ForwardResult forward(String queue, int limit) {
		return this.delegate.forward(queue, limit);
	}

	@Override
	public TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		return this.delegate.trim(queue, deadRetention, deadMax, limit);
	}

	@Override
	public boolean forgetQueueIfIdle(String queue, Duration unseen) {
		return this.delegate.forgetQueueIfIdle(queue, unseen);
	}

	@Override
	public void pause(String queue) {
		this.delegate.pause(queue);
	}

	@Override
	public void resume(String queue) {
		this.delegate.resume(queue);
	}

	@Override
	public QueueStats stats(String queue) {
		return this.delegate.stats(queue);
	}

	@Override
	public Optional<TaskInfo> find(String queue, String id) {
		return this.delegate.find(queue, id);
	}

	@Override
	public List<TaskInfo> list(String queue, TaskState state, int offset, int count) {
		return this.delegate.list(queue, state, offset, count);
	}

	@Override
	public boolean delete(String queue, String id) {
		return this.delegate.delete(queue, id);
	}

	@Override
	public CancelOutcome cancel(String queue, String id, String reason, boolean stopNow) {
		return this.delegate.cancel(queue, id, reason, stopNow);
	}

	@Override
	public Set<DeliveryToken> reportRunning(String queue, Collection<RunningReport> reports) {
		return this.delegate.reportRunning(queue, reports);
	}

	@Override
	public boolean retryDead(String queue, String id) {
		return this.delegate.retryDead(queue, id);
	}

	@Override
	public void registerQueues(Collection<String> queues) {
		this.delegate.registerQueues(queues);
	}

	@Override
	public Set<String> knownQueues() {
		return this.delegate.knownQueues();
	}

	@Override
	public void heartbeat(String instanceId, String info, Duration ttl) {
		this.delegate.heartbeat(instanceId, info, ttl);
	}

	@Override
	public void unregister(String instanceId) {
		this.delegate.unregister(instanceId);
	}

	@Override
	public int serving(String queue, String instanceId, Duration ttl) {
		return this.delegate.serving(queue, instanceId, ttl);
	}

	@Override
	public Map<String, String> instances() {
		return this.delegate.instances();
	}

	@Override
	public FleetCalls fleet() {
		return this.delegate.fleet();
	}

	@Override
	public @Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		return this.delegate.claimIdNumber(instanceId, from, lease, now);
	}

	@Override
	public @Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		return this.delegate.renewIdNumber(instanceId, number, lease, horizon);
	}

	@Override
	public Placement placed(String queue, String id, @Nullable String taskName, @Nullable String bizId) {
		return this.delegate.placed(queue, id, taskName, bizId);
	}

	@Override
	public List<Integer> shardCounts(String queue, int count, long untilMillis) {
		return this.delegate.shardCounts(queue, count, untilMillis);
	}

	@Override
	public Duration completedIdsWindow() {
		return this.delegate.completedIdsWindow();
	}

	@Override
	public ShardLayout layout() {
		return this.delegate.layout();
	}

}
