package io.github.asynctask.redis.shard;

import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.RunningReport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
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
 * per call.
 */
public final class ShardedRedisBroker implements RedisBroker {

	/**
	 * How long an extra shard (one past this instance's count) must be empty and
	 * unregistered before it is forgotten, as for whole queues.
	 */
	static final Duration FORGET_EXTRA_AFTER = Duration.ofDays(1);

	private final RedisBroker shards;

	private final ShardLayout layout;

	private final ShardedFetch fetch;

	private final EarlierLayouts earlier;

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
		this.earlier = new EarlierLayouts(shards, this.layout, System::currentTimeMillis);
	}

	/** The broker of single-slot queues underneath. */
	public RedisBroker shards() {
		return this.shards;
	}

	/** The shard counts in use. */
	@Override
	public ShardLayout layout() {
		return this.layout;
	}

	/** The stats of each shard of the queue, by index (the console's per-shard view). */
	public List<QueueStats> shardStats(String queue) {
		return this.layout.served(queue).stream().map(this.shards::stats).toList();
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
		EnqueueResult found = this.earlier.earlier(request);
		return (found != null) ? found : this.shards.enqueue(route(request, Map.of()));
	}

	/**
	 * Grouped per shard by the broker underneath: one script call per shard, pipelined.
	 */
	@Override
	public List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		EnqueueResult[] results = new EnqueueResult[requests.size()];
		Map<String, String> placedHere = new HashMap<>();
		List<EnqueueRequest> routed = new ArrayList<>(requests.size());
		for (int i = 0; i < results.length; i++) {
			EnqueueRequest request = requests.get(i);
			results[i] = this.earlier.earlier(request);
			if (results[i] == null) {
				EnqueueRequest placed = route(request, placedHere);
				placedHere.put(request.id(), placed.queue());
				routed.add(placed);
			}
		}
		if (routed.size() == results.length) {
			return this.shards.enqueueAll(routed);
		}
		Iterator<EnqueueResult> enqueued = this.shards.enqueueAll(routed).iterator();
		for (int i = 0; i < results.length; i++) {
			results[i] = (results[i] != null) ? results[i] : enqueued.next();
		}
		return List.of(results);
	}

	/**
	 * The request in its shard, with each condition it waits for (flows) in the shard
	 * where it is met: a condition on tasks of the request's bizId in that bizId's shard;
	 * a condition on a task id in the shard it was placed in: earlier in the same call,
	 * else the shard holding it or its completed id (looked up), else the shard the id
	 * hashes to.
	 */
	private EnqueueRequest route(EnqueueRequest request, Map<String, String> placedHere) {
		EnqueueRequest routed = ShardChoice.route(request, this.layout.configured(request.queue()));
		if (request.after().isEmpty()) {
			return routed;
		}
		List<EnqueueRequest.Awaited> after = new ArrayList<>(request.after().size());
		for (EnqueueRequest.Awaited awaited : request.after()) {
			after.add(new EnqueueRequest.Awaited(awaitedShard(awaited, request, placedHere), awaited.condition()));
		}
		return routed.withAfter(after, routed.waitTimeout());
	}

	private String awaitedShard(EnqueueRequest.Awaited awaited, EnqueueRequest request,
			Map<String, String> placedHere) {
		String queue = awaited.queue();
		int shards = this.layout.configured(queue);
		if (ShardName.parse(queue).index() > 0 || this.layout.served(queue).size() == 1) {
			return queue;
		}
		if (awaited.condition().startsWith("b:") && request.bizId() != null) {
			return ShardChoice.shardOf(queue, request.bizId(), shards);
		}
		if (awaited.condition().startsWith("i:")) {
			String id = awaited.condition().substring(2);
			String here = placedHere.get(id);
			if (here != null && ShardName.queueOf(here).equals(queue)) {
				return here;
			}
			for (String shard : this.layout.served(queue)) {
				if (this.shards.placed(shard, id, null, null).known()) {
					return shard;
				}
			}
			return ShardChoice.shardOf(queue, id, shards);
		}
		return queue;
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
		int recovered = 0;
		Duration next = null;
		for (String shard : this.layout.served(queue)) {
			RecoverResult result = this.shards.recover(shard, limit, retryDelay);
			recovered += result.recovered();
			next = earlier(next, result.nextExpiryIn());
		}
		return new RecoverResult(recovered, next);
	}

	@Override
	public ForwardResult forward(String queue, int limit) {
		int moved = 0;
		Duration next = null;
		for (String shard : this.layout.served(queue)) {
			ForwardResult result = this.shards.forward(shard, limit);
			moved += result.moved();
			next = earlier(next, result.nextDueIn());
		}
		return new ForwardResult(moved, next);
	}

	/** Also forgets extra shards that stayed empty and unregistered (a lowered count). */
	@Override
	public TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		int dropped = 0;
		int overCap = 0;
		List<String> served = this.layout.served(queue);
		for (String shard : served) {
			TrimResult result = this.shards.trim(shard, deadRetention, deadMax, limit);
			dropped = Math.max(dropped, result.dropped());
			overCap += result.deadOverCap();
		}
		for (String shard : served.subList(this.layout.configured(queue), served.size())) {
			this.shards.forgetQueueIfIdle(shard, FORGET_EXTRA_AFTER);
		}
		return new TrimResult(dropped, overCap);
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
		List<QueueStats> each = shardStats(queue);
		if (each.size() == 1) {
			return each.get(0);
		}
		long pending = 0;
		long scheduled = 0;
		long active = 0;
		long retry = 0;
		long dead = 0;
		long completed = 0;
		long waiting = 0;
		boolean paused = false;
		Duration latency = Duration.ZERO;
		for (QueueStats stats : each) {
			pending += stats.pending();
			scheduled += stats.scheduled();
			active += stats.active();
			retry += stats.retry();
			dead += stats.dead();
			completed += stats.completed();
			waiting += stats.waiting();
			paused |= stats.paused();
			latency = (stats.latency().compareTo(latency) > 0) ? stats.latency() : latency;
		}
		return new QueueStats(queue, pending, scheduled, active, retry, dead, completed, paused, latency, waiting);
	}

	@Override
	public Optional<TaskInfo> find(String queue, String id) {
		for (String shard : this.layout.served(queue)) {
			Optional<TaskInfo> found = this.shards.find(shard, id);
			if (found.isPresent()) {
				return found.map((info) -> named(info, queue));
			}
		}
		return Optional.empty();
	}

	/**
	 * The first {@code offset + count} of each shard, merged by last change (the score
	 * the sets sort by, up to retention details), then the page cut out of that.
	 */
	@Override
	public List<TaskInfo> list(String queue, TaskState state, int offset, int count) {
		List<String> served = this.layout.served(queue);
		if (served.size() == 1) {
			return this.shards.list(queue, state, offset, count);
		}
		List<TaskInfo> merged = new ArrayList<>();
		for (String shard : served) {
			this.shards.list(shard, state, 0, offset + count).forEach((info) -> merged.add(named(info, queue)));
		}
		merged.sort(Comparator.comparing(TaskInfo::updatedAt).thenComparing(TaskInfo::id));
		return List.copyOf(merged.subList(Math.min(offset, merged.size()), Math.min(offset + count, merged.size())));
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

	private static TaskInfo named(TaskInfo info, String queue) {
		return new TaskInfo(info.id(), info.name(), queue, info.state(), info.attempts(), info.maxRetries(),
				info.lastError(), info.createdAt(), info.updatedAt(), info.payload(), info.progress());
	}

	private static @Nullable Duration earlier(@Nullable Duration a, @Nullable Duration b) {
		if (a == null) {
			return b;
		}
		return (b == null || a.compareTo(b) <= 0) ? a : b;
	}

}
