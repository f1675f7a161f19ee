package io.github.asynctask.redis.shard;

import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.RunningReport;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.HandBackResult;
import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.lua.RatePermits;
import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.TrimResult;
import org.jspecify.annotations.Nullable;

/**
 * A {@link RedisBroker} whose queues may be sharded: callers name a queue, this broker
 * spreads it over the queue's shards, each an ordinary queue of the broker it wraps with
 * its own hash tag ({@link ShardName}), so the scripts do not change. Submits go to the
 * shard {@link ShardChoice} picks; a fetch takes from the shards in turn
 * ({@link ShardedFetch}); a delivery names its shard, so its acks go straight there; the
 * forwarder, recoverer and janitor calls, pause and resume cover every shard; stats, find
 * and list aggregate them under the queue's name. An unsharded queue costs one map lookup
 * per call. A facade: writes route in {@link ShardedWrites}, reads fan out in
 * {@link ShardedReads}, the periodic work in {@link ShardedAgents}.
 */
public final class ShardedRedisBroker implements RedisBroker {

	private final RedisBroker shards;

	private final ShardLayout layout;

	private final ShardedFetch fetch;

	private final ShardedWrites writes;

	private final ShardedReads reads;

	private final ShardedAgents agents;

	/**
	 * Shard the queues of {@code shards} as configured.
	 * @param shards the broker of single-slot queues
	 * @param configured shard count by queue (1..1024); queues not named have one
	 */
	public ShardedRedisBroker(RedisBroker shards, Map<String, Integer> configured) {
		this.shards = shards;
		this.layout = new ShardLayout(configured, shards::knownQueues);
		this.fetch = new ShardedFetch(shards, this.layout,
				(shards instanceof LuaRedisBroker lua) ? lua.ratePermits() : null);
		this.writes = new ShardedWrites(shards, this.layout);
		this.reads = new ShardedReads(shards, this.layout);
		this.agents = new ShardedAgents(shards, this.layout);
	}

	/** The broker of single-slot queues underneath. */
	public RedisBroker shards() {
		return this.shards;
	}

	@Override
	public void close() {
		this.shards.close();
	}

	/** The shard counts in use. */
	@Override
	public ShardLayout layout() {
		return this.layout;
	}

	/** The stats of each shard of the queue, by index (the console's per-shard view). */
	public List<QueueStats> shardStats(String queue) {
		return this.reads.shardStats(queue);
	}

	@Override
	public RedisKeys keys() {
		return this.shards.keys();
	}

	@Override
	public @Nullable Duration sinceUnavailable() {
		return this.shards.sinceUnavailable();
	}

	@Override
	public EnqueueResult enqueue(EnqueueRequest request) {
		return this.writes.enqueue(request);
	}

	@Override
	public List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		return this.writes.enqueueAll(requests);
	}

	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		return this.fetch.dequeue(queue, this.layout.served(queue), max, lease, null).deliveries();
	}

	/**
	 * A rate limit applies to the queue as a whole: one log in the queue's own slot,
	 * asked for permits before the shards are ({@link RatePermits}).
	 */
	@Override
	public Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		return this.fetch.dequeue(queue, this.layout.served(queue), max, lease, limit);
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		return this.shards.complete(delivery, retention);
	}

	@Override
	public List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		return this.shards.completeAll(deliveries, retention);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		return this.shards.retry(delivery, delay, error);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		return this.shards.kill(delivery, reason);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		return this.shards.retry(delivery, delay, error, attempt);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		return this.shards.kill(delivery, reason, attempt);
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		return this.shards.requeue(delivery);
	}

	@Override
	public HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace,
			String error, String deadReason) {
		return this.shards.handBack(delivery, minDelay, maxDelay, grace, error, deadReason);
	}

	/**
	 * {@code queue} names a shard here: the heartbeat groups deliveries by their shard.
	 */
	@Override
	public Set<DeliveryToken> extendLeases(String queue, Collection<DeliveryToken> deliveries, Duration lease) {
		return this.shards.extendLeases(queue, deliveries, lease);
	}

	@Override
	public RecoverResult recover(String queue, int limit, Duration retryDelay) {
		return this.agents.recover(queue, limit, retryDelay);
	}

	@Override
	public ForwardResult forward(String queue, int limit) {
		return this.agents.forward(queue, limit);
	}

	/** Also forgets extra shards that stayed empty and unregistered (a lowered count). */
	@Override
	public TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		return this.agents.trim(queue, deadRetention, deadMax, limit);
	}

	/** A queue leaves the registry only once no shard of it beyond the first is left. */
	@Override
	public boolean forgetQueueIfIdle(String queue, Duration unseen) {
		return this.layout.served(queue).size() == 1 && this.shards.forgetQueueIfIdle(queue, unseen);
	}

	@Override
	public void pause(String queue) {
		this.layout.served(queue).forEach(this.shards::pause);
	}

	@Override
	public void resume(String queue) {
		this.layout.served(queue).forEach(this.shards::resume);
	}

	@Override
	public QueueStats stats(String queue) {
		return this.reads.stats(queue);
	}

	@Override
	public Optional<TaskInfo> find(String queue, String id) {
		return this.reads.find(queue, id);
	}

	@Override
	public List<TaskInfo> list(String queue, TaskState state, int offset, int count) {
		return this.reads.list(queue, state, offset, count);
	}

	@Override
	public CancelOutcome cancel(String queue, String id, String reason, boolean stopNow) {
		for (String shard : this.layout.served(queue)) {
			CancelOutcome outcome = this.shards.cancel(shard, id, reason, stopNow);
			if (outcome != CancelOutcome.NONE) {
				return outcome;
			}
		}
		return CancelOutcome.NONE;
	}

	/** {@code queue} names a shard here, as in {@link #extendLeases}. */
	@Override
	public Set<DeliveryToken> reportRunning(String queue, Collection<RunningReport> reports) {
		return this.shards.reportRunning(queue, reports);
	}

	@Override
	public boolean delete(String queue, String id) {
		return this.layout.served(queue).stream().anyMatch((shard) -> this.shards.delete(shard, id));
	}

	@Override
	public boolean retryDead(String queue, String id) {
		return this.layout.served(queue).stream().anyMatch((shard) -> this.shards.retryDead(shard, id));
	}

	/**
	 * Registers the queues with their configured shards, which is how others learn of
	 * them.
	 */
	@Override
	public void registerQueues(Collection<String> queues) {
		Set<String> names = new LinkedHashSet<>();
		queues.forEach((queue) -> names.addAll(this.layout.configuredShards(queue)));
		this.shards.registerQueues(names);
	}

	/** The registered queues, each shard under its queue's name. */
	@Override
	public Set<String> knownQueues() {
		Set<String> queues = new LinkedHashSet<>();
		this.shards.knownQueues().forEach((name) -> queues.add(ShardName.queueOf(name)));
		return queues;
	}

	@Override
	public void heartbeat(String instanceId, String info, Duration ttl) {
		this.shards.heartbeat(instanceId, info, ttl);
	}

	@Override
	public void unregister(String instanceId) {
		this.shards.unregister(instanceId);
	}

	/** Serving is marked per queue; a shard's name counts as its queue's. */
	@Override
	public int serving(String queue, String instanceId, Duration ttl) {
		return this.shards.serving(ShardName.queueOf(queue), instanceId, ttl);
	}

	@Override
	public Map<String, String> instances() {
		return this.shards.instances();
	}

	/** Instance numbers live beside the instances, in the {@code {instances}} slot. */
	@Override
	public @Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		return this.shards.claimIdNumber(instanceId, from, lease, now);
	}

	@Override
	public @Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		return this.shards.renewIdNumber(instanceId, number, lease, horizon);
	}

}
