package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.HandBackResult;
import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.RecoverResult;
import org.jspecify.annotations.Nullable;
import io.github.asynctask.redis.FleetCalls;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.shard.ShardLayout;
import io.github.asynctask.redis.TrimResult;

/**
 * The worker JVM's broker: the real one, with every answer to an ack written to the
 * ledger and the fencing token of each delivery remembered for {@link LedgerInterceptor}.
 * Recording at this seam needs no hook in the worker runtime.
 */
final class LedgerBroker implements RedisBroker {

	private final RedisBroker delegate;

	private final Ledger ledger;

	/** Token of the latest delivery of each id fetched by this JVM. */
	private final Map<String, Long> tokens = new ConcurrentHashMap<>();

	/** Redis's hand-out time of a delivery of this lease (ms), -1 when unknown. */
	private final BiFunction<Delivery, Duration, Long> handedOutAt;

	LedgerBroker(RedisBroker delegate, Ledger ledger) {
		this(delegate, ledger, (delivery, lease) -> -1L);
	}

	LedgerBroker(RedisBroker delegate, Ledger ledger, BiFunction<Delivery, Duration, Long> handedOutAt) {
		this.delegate = delegate;
		this.ledger = ledger;
		this.handedOutAt = handedOutAt;
	}

	/**
	 * The shard counts of the broker underneath (sharded in the rig, as in the starter).
	 */
	@Override
	public ShardLayout layout() {
		return this.delegate.layout();
	}

	long token(String id) {
		return this.tokens.getOrDefault(id, -1L);
	}

	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		List<Delivery> deliveries = this.delegate.dequeue(queue, max, lease);
		deliveries.forEach((delivery) -> this.tokens.put(delivery.id(), delivery.token()));
		return deliveries;
	}

	// the rate-limited fetch, recorded as handed out (FETCH) for the soak's rate check
	@Override
	public Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		Dequeued dequeued = this.delegate.dequeue(queue, max, lease, limit);
		dequeued.deliveries().forEach((delivery) -> {
			this.tokens.put(delivery.id(), delivery.token());
			this.ledger.record("FETCH", delivery.id(), queue, this.handedOutAt.apply(delivery, lease));
		});
		return dequeued;
	}

	@Override
	public boolean bury(String queue, String id, String raw, String reason) {
		return this.delegate.bury(queue, id, raw, reason);
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		return ack(delivery, "complete", () -> this.delegate.complete(delivery, retention));
	}

	@Override
	public List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		List<AckResult> results = this.delegate.completeAll(deliveries, retention);
		for (int i = 0; i < deliveries.size(); i++) {
			Delivery delivery = deliveries.get(i);
			this.ledger.record("ACK", delivery.id(), delivery.token(), "complete", results.get(i));
		}
		return results;
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		return ack(delivery, "retry", () -> this.delegate.retry(delivery, delay, error));
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		return ack(delivery, "retry", () -> this.delegate.retry(delivery, delay, error, attempt));
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		return ack(delivery, "kill", () -> this.delegate.kill(delivery, reason));
	}

	@Override
	public AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		return ack(delivery, "kill", () -> this.delegate.kill(delivery, reason, attempt));
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		return ack(delivery, "requeue", () -> this.delegate.requeue(delivery));
	}

	@Override
	public HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace,
			String error, String deadReason) {
		HandBackResult result = this.delegate.handBack(delivery, minDelay, maxDelay, grace, error, deadReason);
		this.ledger.record("ACK", delivery.id(), delivery.token(), "hand back", result);
		return result;
	}

	private AckResult ack(Delivery delivery, String action, Supplier<AckResult> call) {
		AckResult result = call.get();
		this.ledger.record("ACK", delivery.id(), delivery.token(), action, result);
		return result;
	}

	@Override
	public RedisKeys keys() {
		return this.delegate.keys();
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
	public Duration sinceUnavailable() {
		return this.delegate.sinceUnavailable();
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
	public FleetCalls fleet() {
		return this.delegate.fleet();
	}

	@Override
	public Map<String, String> instances() {
		return this.delegate.instances();
	}

	@Override
	public @Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		return this.delegate.claimIdNumber(instanceId, from, lease, now);
	}

	@Override
	public @Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		return this.delegate.renewIdNumber(instanceId, number, lease, horizon);
	}

}
