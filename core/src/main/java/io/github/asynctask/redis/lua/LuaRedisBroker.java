package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.DeliveryToken;
import io.github.asynctask.redis.Dequeued;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.ForwardResult;
import io.github.asynctask.redis.HandBackResult;
import io.github.asynctask.redis.IdNumber;
import io.github.asynctask.redis.RecoverResult;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.RunningReport;
import io.github.asynctask.redis.TrimResult;
import io.github.asynctask.redis.script.DirectScripts;
import io.github.asynctask.redis.script.ScriptRunner;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link RedisBroker} on Spring Data Redis: each transition is one script of
 * {@code scripts/}, called by SHA with every key it touches in {@code KEYS}. A facade
 * over {@link RedisReader} and one helper per kind of call, named by its field.
 */
public final class LuaRedisBroker extends RedisReader implements RedisBroker {

	/**
	 * Most tasks one enqueue call carries: bounds how long the script runs and the
	 * arguments Lua unpacks.
	 */
	public static final int MAX_ENQUEUE_PER_CALL = EnqueueCalls.MAX_PER_CALL;

	/** Default of {@code async-task.redis-timeout}. */
	public static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofSeconds(5);

	/** Default of {@code async-task.retention.completed-ids}. */
	public static final Duration DEFAULT_COMPLETED_IDS = Duration.ofHours(1);

	private final Duration completedIds;

	/** Connections of their own for lone submits, fetches and groups of acks. */
	private final DirectScripts submitsDirect;

	private final DirectScripts fetchesDirect;

	private final DirectScripts acksDirect;

	private final EnqueueRouting enqueues;

	private final FetchCalls fetches;

	private final AckCalls acks;

	private final QueueAgents agents;

	private final ConsoleActions console;

	private final TaskControlStore control;

	private final InstanceCalls instances;

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
		this(connectionFactory, keys, completedRetention, replyTimeout, DEFAULT_COMPLETED_IDS);
	}

	/**
	 * @param completedIds how long the id of a completed task is remembered, so that a
	 * re-sent submit of it is refused after its data is gone
	 * ({@code async-task.retention.completed-ids}; zero remembers none)
	 */
	public LuaRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys, Duration completedRetention,
			Duration replyTimeout, Duration completedIds) {
		super(new ScriptRunner(connectionFactory, replyTimeout), keys);
		this.completedIds = completedIds;
		this.submitsDirect = DirectScripts.of(this.runner, connectionFactory, replyTimeout, "submit");
		this.fetchesDirect = DirectScripts.of(this.runner, connectionFactory, replyTimeout, "fetch");
		this.acksDirect = DirectScripts.of(this.runner, connectionFactory, replyTimeout, "acks");
		this.enqueues = new EnqueueRouting(this.submitsDirect, this.runner, keys);
		this.fetches = new FetchCalls(this.fetchesDirect, this.runner, keys, completedRetention, completedIds);
		this.acks = new AckCalls(this.acksDirect, this.runner, keys, completedIds);
		this.agents = new QueueAgents(this.runner, keys, completedRetention, completedIds, this::registerQueues);
		this.console = new ConsoleActions(this.runner, keys);
		this.control = new TaskControlStore(this.runner, keys);
		this.instances = new InstanceCalls(this.runner, keys);
	}

	/**
	 * The per-queue rate permits on this broker's scripts and keys, for the sharded
	 * decorator to share across shards. Internal: not an API.
	 */
	public RatePermits ratePermits() {
		return new RatePermits(this.runner, this.keys);
	}

	/**
	 * The queues' backlog limits, passed to the enqueue script; set once at start-up,
	 * before the first submit.
	 */
	public void backlogLimits(BacklogLimits limits) {
		this.enqueues.backlogLimits(limits);
	}

	/**
	 * Whether a lone submit may run on the caller's thread over a connection of its own
	 * ({@code async-task.direct-submits}, on by default); off sends every submit through
	 * the connection factory's client. Set at start-up, before the first submit.
	 */
	public void directSubmits(boolean on) {
		if (!on) {
			this.submitsDirect.switchOff();
		}
	}

	/**
	 * Whether the workers' fetches and grouped acks may each run over a blocking
	 * connection of their own ({@code async-task.worker.direct-calls}, on by default);
	 * off sends them through the connection factory's client. Set at start-up, before the
	 * first fetch.
	 */
	public void directWorkerCalls(boolean on) {
		if (!on) {
			this.fetchesDirect.switchOff();
			this.acksDirect.switchOff();
		}
	}

	@Override
	public void close() {
		this.submitsDirect.close();
		this.fetchesDirect.close();
		this.acksDirect.close();
	}

	@Override
	public @Nullable Duration sinceUnavailable() {
		return this.runner.sinceLastFailure();
	}

	@Override
	public EnqueueResult enqueue(EnqueueRequest request) {
		return this.enqueues.enqueue(request);
	}

	@Override
	public List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		return this.enqueues.enqueueAll(requests);
	}

	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		return dequeue(queue, max, lease, (RateLimit) null).deliveries();
	}

	@Override
	public Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		return this.fetches.dequeue(queue, max, lease, limit);
	}

	/** One dequeue call recorded under {@code fetchId}. */
	List<Delivery> dequeue(String queue, int max, Duration lease, String fetchId) {
		return this.fetches.dequeue(queue, max, lease, null, fetchId).deliveries();
	}

	/**
	 * Hands a lost fetch's tasks back to pending ({@link FetchCalls#releaseFetch}).
	 * @return how many tasks went back
	 */
	public int releaseFetch(String queue, String fetchId, Duration lease) {
		return this.fetches.releaseFetch(queue, fetchId, lease);
	}

	/** Be told of owed flow releases ({@link AckCalls#onOwedReleases}). */
	public void onOwedReleases(Consumer<String> listener) {
		this.acks.onOwedReleases(listener);
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		return completeAll(List.of(delivery), retention).get(0);
	}

	@Override
	public List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		return this.acks.completeAll(deliveries, retention);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		return retry(delivery, delay, error, null);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		return this.acks.retry(delivery, delay, error, attempt);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		return kill(delivery, reason, null);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		return this.acks.kill(delivery, reason, attempt);
	}

	@Override
	public boolean bury(String queue, String id, String raw, String reason) {
		return this.acks.bury(queue, id, raw, reason);
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		return this.acks.requeue(delivery);
	}

	@Override
	public HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace,
			String error, String deadReason) {
		return this.acks.handBack(delivery, minDelay, maxDelay, grace, error, deadReason);
	}

	public Set<DeliveryToken> extendLeases(String queue, Collection<DeliveryToken> deliveries, Duration lease) {
		return this.acks.extendLeases(queue, deliveries, lease);
	}

	@Override
	public RecoverResult recover(String queue, int limit, Duration retryDelay) {
		return this.agents.recover(queue, limit, retryDelay);
	}

	@Override
	public ForwardResult forward(String queue, int limit) {
		return this.agents.forward(queue, limit);
	}

	@Override
	public TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		return this.agents.trim(queue, deadRetention, deadMax, limit);
	}

	@Override
	public boolean forgetQueueIfIdle(String queue, Duration unseen) {
		return this.agents.forgetQueueIfIdle(queue, unseen);
	}

	@Override
	public void pause(String queue) {
		this.console.setPaused(queue, true);
	}

	@Override
	public void resume(String queue) {
		this.console.setPaused(queue, false);
	}

	@Override
	public CancelOutcome cancel(String queue, String id, String reason, boolean stopNow) {
		return this.control.cancel(queue, id, reason, stopNow);
	}

	@Override
	public Set<DeliveryToken> reportRunning(String queue, Collection<RunningReport> reports) {
		return this.control.reportRunning(queue, reports);
	}

	@Override
	public boolean delete(String queue, String id) {
		return this.console.delete(queue, id);
	}

	@Override
	public boolean retryDead(String queue, String id) {
		return this.console.retryDead(queue, id);
	}

	@Override
	public void heartbeat(String instanceId, String info, Duration ttl) {
		this.instances.heartbeat(instanceId, info, ttl);
	}

	@Override
	public int serving(String queue, String instanceId, Duration ttl) {
		return this.instances.serving(queue, instanceId, ttl);
	}

	@Override
	public void unregister(String instanceId) {
		this.instances.unregister(instanceId);
	}

	@Override
	public Map<String, String> instances() {
		return this.instances.instances();
	}

	@Override
	public @Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		return this.instances.claimIdNumber(instanceId, from, lease, now);
	}

	@Override
	public @Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		return this.instances.renewIdNumber(instanceId, number, lease, horizon);
	}

	@Override
	public Duration completedIdsWindow() {
		return this.completedIds;
	}

}
