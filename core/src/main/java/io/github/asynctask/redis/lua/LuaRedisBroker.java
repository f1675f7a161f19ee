package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

import io.github.asynctask.QueueStats;
import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.CancelOutcome;
import io.github.asynctask.redis.RunningReport;
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
import io.github.asynctask.redis.TrimResult;
import io.github.asynctask.redis.script.LuaScript;
import io.github.asynctask.redis.script.Replies;
import io.github.asynctask.redis.script.ScriptRunner;
import io.github.asynctask.redis.script.Scripts;
import io.github.asynctask.redis.store.FlowStore;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link RedisBroker} on Spring Data Redis: each transition is one script of
 * {@code scripts/}, called by SHA with every key it touches in {@code KEYS}.
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

	/** Instance numbers one claim call tries (a divisor of {@link IdNumber#COUNT}). */
	static final int ID_CANDIDATES_PER_CALL = 64;

	private final Duration completedRetention;

	private final Duration completedIds;

	/** The keys of the per-task scripts, built once per queue. */
	private final Map<String, List<String>> dequeueKeys = new ConcurrentHashMap<>();

	private final Map<String, List<String>> completeKeys = new ConcurrentHashMap<>();

	private final FetchLedger fetches = new FetchLedger();

	/** Records tasks that wait for others (flows): a few calls each, in several slots. */
	private final WaitingEnqueue waiting;

	/** Writes enqueue calls and reads their replies. */
	private final EnqueueCalls enqueueCalls;

	private final TaskControlStore control;

	private final DebouncedEnqueue debounced;

	/** Sends concurrent single submits together. */
	private final EnqueueCoalescer coalescer = new EnqueueCoalescer(this::enqueueAll, MAX_ENQUEUE_PER_CALL);

	/** Told the queue when a completion left releases owed (flows); set once at start. */
	private volatile Consumer<String> owedReleases = (queue) -> {
	};

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
		this.completedRetention = completedRetention;
		this.completedIds = completedIds;
		this.waiting = new WaitingEnqueue(new FlowStore(this.runner, keys));
		this.enqueueCalls = new EnqueueCalls(this.runner, keys);
		this.control = new TaskControlStore(this.runner, keys);
		this.debounced = new DebouncedEnqueue(this.runner, keys);
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
		this.enqueueCalls.backlogLimits(limits);
	}

	@Override
	public @Nullable Duration sinceUnavailable() {
		return this.runner.sinceLastFailure();
	}

	/**
	 * At once when no other submit is in flight, else together with the submits that
	 * arrived meanwhile ({@link EnqueueCoalescer}); a task that waits for others (flows)
	 * goes on its own.
	 */
	@Override
	public EnqueueResult enqueue(EnqueueRequest request) {
		if (!request.after().isEmpty() || request.debounce() != null) {
			return enqueueAll(List.of(request)).get(0);
		}
		return this.coalescer.enqueue(request);
	}

	/**
	 * One script call per queue (and per {@value #MAX_ENQUEUE_PER_CALL} tasks), the calls
	 * pipelined when there are several ({@link EnqueueCalls}).
	 */
	@Override
	public List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests) {
		if (requests.isEmpty()) {
			return List.of();
		}
		if (requests.stream().anyMatch(LuaRedisBroker::onItsOwn)) {
			return enqueueWithWaiting(requests);
		}
		return this.enqueueCalls.send(requests);
	}

	/**
	 * Requests in order, waiting ones on their own and the others in one batch before
	 * them: a task a waiting one awaits in the same batch (a chain in one transaction)
	 * exists before the waiting one registers.
	 */
	private List<EnqueueResult> enqueueWithWaiting(List<EnqueueRequest> requests) {
		List<EnqueueRequest> plain = requests.stream().filter((request) -> !onItsOwn(request)).toList();
		List<EnqueueResult> plainResults = plain.isEmpty() ? List.of() : enqueueAll(plain);
		EnqueueResult[] results = new EnqueueResult[requests.size()];
		int next = 0;
		for (int i = 0; i < requests.size(); i++) {
			EnqueueRequest request = requests.get(i);
			results[i] = !onItsOwn(request) ? plainResults.get(next++) : (request.debounce() != null)
					? this.debounced.enqueue(request) : this.waiting.enqueue(request, uniqueKey(request));
		}
		return List.of(results);
	}

	/**
	 * A task that waits for others (flows) or is debounced: one script call of its own.
	 */
	private static boolean onItsOwn(EnqueueRequest request) {
		return !request.after().isEmpty() || request.debounce() != null;
	}

	/**
	 * Hands back first the fetches of this queue whose reply was lost, then fetches; a
	 * fetch that fails is remembered as lost, since Redis may have run it all the same.
	 */
	@Override
	public List<Delivery> dequeue(String queue, int max, Duration lease) {
		return dequeue(queue, max, lease, (RateLimit) null).deliveries();
	}

	/**
	 * Hands back first the fetches of this queue whose reply was lost, then fetches; a
	 * fetch that fails is remembered as lost, since Redis may have run it all the same.
	 */
	@Override
	public Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		if (max <= 0) {
			return new Dequeued(List.of(), Duration.ZERO);
		}
		Set<String> lost = this.fetches.lost(queue);
		for (String fetchId : lost) {
			releaseFetch(queue, fetchId, lease);
			lost.remove(fetchId);
		}
		String fetchId = FetchLedger.newId();
		try {
			Dequeued dequeued = dequeue(queue, max, lease, limit, fetchId);
			if (!dequeued.deliveries().isEmpty()) {
				this.fetches.answered(queue, fetchId);
			}
			return dequeued;
		}
		catch (RedisUnavailableException ex) {
			// Redis may run the call all the same: a late reply, or a re-send on
			// reconnect
			lost.add(fetchId);
			throw ex;
		}
	}

	/** One dequeue call recorded under {@code fetchId}. */
	List<Delivery> dequeue(String queue, int max, Duration lease, String fetchId) {
		return dequeue(queue, max, lease, (RateLimit) null, fetchId).deliveries();
	}

	private Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit, String fetchId) {
		String answered = this.fetches.takeAnswered(queue);
		List<String> keys = new ArrayList<>(this.dequeueKeys.computeIfAbsent(queue,
				(name) -> List.of(this.keys.tasks(name), this.keys.pending(name), this.keys.active(name),
						this.keys.leases(name), this.keys.paused(name), this.keys.dead(name),
						this.keys.completed(name))));
		keys.add(this.keys.fetch(queue, fetchId));
		keys.add(this.keys.fetch(queue, (answered != null) ? answered : ""));
		keys.add(this.keys.payloads(queue));
		keys.add(this.keys.done(queue));
		keys.add(this.keys.wake(queue));
		keys.add(this.keys.rate(queue));
		keys.add(this.keys.concurrencyKeys(queue));
		keys.add(this.keys.parkedByKey(queue));
		keys.add(this.keys.parkedKeys(queue));
		List<String> args = new ArrayList<>(6 + max);
		args.addAll(List.of(Integer.toString(max), millis(lease), millis(this.completedRetention),
				millis(this.completedIds)));
		for (int i = 0; i < max; i++) {
			args.add(Long.toString(newToken()));
		}
		if (limit != null) {
			args.add(Integer.toString(limit.permits()));
			args.add(millis(limit.period()));
		}
		List<?> reply = Replies.list(this.runner.run(Scripts.DEQUEUE, queue, keys, args));
		// id, "<meta>\n<payload>" pairs, then perhaps one number (dequeue.lua)
		int pairs = reply.size() - reply.size() % 2;
		List<Delivery> deliveries = new ArrayList<>(pairs / 2);
		for (int i = 0; i < pairs; i += 2) {
			String id = Replies.string(reply.get(i));
			String[] value = Replies.splitAtFirstNewline(reply.get(i + 1));
			deliveries.add(StoredTask.parse(id, value[0], value[1]).toDelivery(queue));
		}
		long held = (pairs < reply.size()) ? Replies.number(reply.get(pairs)) : 0;
		return new Dequeued(deliveries, Duration.ofMillis(Math.max(0, held)), held < 0);
	}

	/**
	 * Hands the tasks of a fetch whose reply was lost back to the front of pending,
	 * uncounted, and makes a late run of that fetch take nothing.
	 * @return how many tasks went back
	 */
	public int releaseFetch(String queue, String fetchId, Duration lease) {
		return (int) Replies.single(this.runner.run(Scripts.RELEASE_FETCH, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.active(queue),
						this.keys.leases(queue), this.keys.fetch(queue, fetchId), this.keys.payloads(queue),
						this.keys.wake(queue)),
				List.of(millis(lease))));
	}

	/**
	 * A fencing token: random rather than counted in Redis, so a Redis that loses recent
	 * writes and hands a task out again never repeats a token an old worker still holds.
	 * Positive and below 2^53 so any reader that treats it as a double keeps it exact.
	 */
	private static long newToken() {
		return ThreadLocalRandom.current().nextLong(1, 1L << 53);
	}

	/**
	 * Be told the queue each time a completion moved waiting tasks (flows, per-call
	 * {@code after}) to its owed releases, so they are carried out at once.
	 */
	public void onOwedReleases(Consumer<String> listener) {
		this.owedReleases = listener;
	}

	@Override
	public AckResult complete(Delivery delivery, Duration retention) {
		return completeAll(List.of(delivery), retention).get(0);
	}

	@Override
	public List<AckResult> completeAll(List<Delivery> deliveries, Duration retention) {
		if (deliveries.isEmpty()) {
			return List.of();
		}
		String queue = deliveries.get(0).queue();
		List<String> args = new ArrayList<>(2 + deliveries.size() * 2);
		args.add(millis(retention));
		args.add(millis(this.completedIds));
		for (Delivery delivery : deliveries) {
			if (!delivery.queue().equals(queue)) {
				throw new IllegalArgumentException("completeAll takes deliveries of one queue, got '" + queue
						+ "' and '" + delivery.queue() + "' (task " + delivery.id() + ")");
			}
			args.add(delivery.id());
			args.add(Long.toString(delivery.token()));
		}
		List<String> keys = this.completeKeys.computeIfAbsent(queue,
				(name) -> List.of(this.keys.tasks(name), this.keys.active(name), this.keys.leases(name),
						this.keys.completed(name), this.keys.payloads(name), this.keys.done(name),
						this.keys.flowWatchers(name), this.keys.flowOwed(name)));
		List<?> codes = Replies.list(this.runner.run(Scripts.COMPLETE, queue, keys, args));
		List<AckResult> results = new ArrayList<>(codes.size());
		boolean owed = false;
		for (Object reply : codes) {
			long code = Replies.number(reply);
			if (code == 2 || code == 3) {
				owed = true;
				code -= 2;
			}
			results.add(ackResult(code));
		}
		if (owed) {
			this.owedReleases.accept(queue);
		}
		return results;
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error) {
		return retry(delivery, delay, error, null);
	}

	@Override
	public AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		String queue = delivery.queue();
		return ack(Scripts.RETRY, delivery,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.payloads(queue), this.keys.dead(queue)),
				List.of(millis(delay), error, this.keys.dueChannel(queue), (attempt != null) ? attempt : ""));
	}

	@Override
	public AckResult kill(Delivery delivery, String reason) {
		return kill(delivery, reason, null);
	}

	@Override
	public AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		String queue = delivery.queue();
		return ack(
				Scripts.KILL, delivery, List.of(this.keys.tasks(queue), this.keys.active(queue),
						this.keys.leases(queue), this.keys.dead(queue), this.keys.payloads(queue)),
				List.of(reason, (attempt != null) ? attempt : ""));
	}

	@Override
	public boolean bury(String queue, String id, String raw, String reason) {
		return Replies
			.single(this.runner.run(Scripts.BURY, queue, List.of(this.keys.tasks(queue), this.keys.payloads(queue),
					this.keys.dead(queue), this.keys.done(queue)), List.of(id, raw, reason))) == 1;
	}

	@Override
	public AckResult requeue(Delivery delivery) {
		String queue = delivery.queue();
		return ack(Scripts.REQUEUE, delivery,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue),
						this.keys.dead(queue)),
				List.of());
	}

	@Override
	public HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace,
			String error, String deadReason) {
		String queue = delivery.queue();
		long code = Replies.single(this.runner.run(Scripts.HAND_BACK, queue,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.payloads(queue)),
				List.of(delivery.id(), Long.toString(delivery.token()), millis(minDelay), millis(maxDelay),
						millis(grace), error, deadReason, this.keys.dueChannel(queue))));
		return switch ((int) code) {
			case 1 -> HandBackResult.HANDED_BACK;
			case 2 -> HandBackResult.DEAD;
			case 0 -> HandBackResult.STALE;
			default -> HandBackResult.MISSING;
		};
	}

	public Set<DeliveryToken> extendLeases(String queue, Collection<DeliveryToken> deliveries, Duration lease) {
		if (deliveries.isEmpty()) {
			return Set.of();
		}
		List<String> args = new ArrayList<>(1 + deliveries.size() * 2);
		args.add(millis(lease));
		deliveries.forEach((delivery) -> {
			args.add(delivery.id());
			args.add(Long.toString(delivery.token()));
		});
		List<?> lost = Replies.list(this.runner.run(Scripts.EXTEND, queue,
				List.of(this.keys.active(queue), this.keys.leases(queue)), args));
		Set<DeliveryToken> tokens = new HashSet<>();
		for (int i = 0; i + 1 < lost.size(); i += 2) {
			tokens.add(new DeliveryToken(Replies.string(lost.get(i)), Long.parseLong(Replies.string(lost.get(i + 1)))));
		}
		return tokens;
	}

	@Override
	public RecoverResult recover(String queue, int limit, Duration retryDelay) {
		List<?> reply = Replies.list(this.runner.run(Scripts.RECOVER, queue,
				List.of(this.keys.tasks(queue), this.keys.active(queue), this.keys.leases(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.payloads(queue), this.keys.done(queue)),
				List.of(Integer.toString(limit), millis(retryDelay), millis(this.completedRetention),
						this.keys.dueChannel(queue), millis(this.completedIds))));
		int recovered = (int) Replies.number(reply.get(0));
		long nextDeadline = Replies.number(reply.get(1));
		long now = Replies.number(reply.get(2));
		return new RecoverResult(recovered,
				(nextDeadline < 0) ? null : Duration.ofMillis(Math.max(0, nextDeadline - now)));
	}

	@Override
	public ForwardResult forward(String queue, int limit) {
		List<?> reply = Replies.list(this.runner.run(Scripts.FORWARD, queue,
				List.of(this.keys.tasks(queue), this.keys.scheduled(queue), this.keys.retry(queue),
						this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue)),
				List.of(Integer.toString(limit))));
		int moved = (int) Replies.number(reply.get(0));
		long nextDue = Replies.number(reply.get(1));
		long now = Replies.number(reply.get(2));
		return new ForwardResult(moved, (nextDue < 0) ? null : Duration.ofMillis(Math.max(0, nextDue - now)));
	}

	@Override
	public TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit) {
		List<?> reply = Replies.list(this.runner.run(Scripts.TRIM, queue,
				List.of(this.keys.tasks(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.payloads(queue), this.keys.done(queue)),
				List.of(millis(deadRetention), Integer.toString(limit), millis(this.completedIds),
						Integer.toString(deadMax))));
		return new TrimResult((int) Replies.number(reply.get(0)), (int) Replies.number(reply.get(1)));
	}

	/**
	 * Two calls, the queue's keys and the registry being in different cluster slots; a
	 * task submitted between them makes the queue registered again.
	 */
	@Override
	public boolean forgetQueueIfIdle(String queue, Duration unseen) {
		if (!isIdle(queue)) {
			return false;
		}
		boolean forgotten = Replies.single(this.runner.run(Scripts.FORGET_QUEUE, "-", List.of(this.keys.queues()),
				List.of(queue, millis(unseen)))) == 1;
		if (forgotten && !isIdle(queue)) {
			registerQueues(List.of(queue));
			return false;
		}
		return forgotten;
	}

	private boolean isIdle(String queue) {
		return Replies.single(this.runner.run(Scripts.QUEUE_IDLE, queue,
				List.of(this.keys.tasks(queue), this.keys.done(queue), this.keys.paused(queue)), List.of())) == 1;
	}

	@Override
	public void pause(String queue) {
		setPaused(queue, "1");
	}

	@Override
	public void resume(String queue) {
		setPaused(queue, "0");
	}

	private void setPaused(String queue, String flag) {
		this.runner.run(Scripts.SET_PAUSED, queue,
				List.of(this.keys.paused(queue), this.keys.pending(queue), this.keys.wake(queue)), List.of(flag));
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
		long reply = Replies.single(this.runner.run(Scripts.DELETE, queue,
				List.of(this.keys.tasks(queue), this.keys.pending(queue), this.keys.scheduled(queue),
						this.keys.retry(queue), this.keys.dead(queue), this.keys.completed(queue),
						this.keys.active(queue), this.keys.payloads(queue)),
				List.of(id)));
		if (reply == -2) {
			throw new IllegalStateException("Task " + id + " of queue '" + queue
					+ "' is running; delete it once it has finished or been recovered");
		}
		return reply == 1;
	}

	@Override
	public boolean retryDead(String queue, String id) {
		long reply = Replies.single(
				this.runner.run(
						Scripts.RETRY_DEAD, queue, List.of(this.keys.tasks(queue), this.keys.dead(queue),
								this.keys.pending(queue), this.keys.payloads(queue), this.keys.wake(queue)),
						List.of(id)));
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
	public int serving(String queue, String instanceId, Duration ttl) {
		return (int) Replies.single(this.runner.run(Scripts.SERVING, queue, List.of(this.keys.workers(queue)),
				List.of(instanceId, millis(ttl))));
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

	/**
	 * One call per {@link #ID_CANDIDATES_PER_CALL} numbers; with a random start and far
	 * fewer instances than numbers, the first call nearly always finds one.
	 */
	@Override
	public @Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		for (int tried = 0; tried < IdNumber.COUNT; tried += ID_CANDIDATES_PER_CALL) {
			List<String> keys = new ArrayList<>(ID_CANDIDATES_PER_CALL + 1);
			List<String> args = new ArrayList<>(ID_CANDIDATES_PER_CALL + 3);
			keys.add(this.keys.idHorizons());
			args.add(instanceId);
			args.add(millis(lease));
			args.add(Long.toString(now));
			for (int i = 0; i < ID_CANDIDATES_PER_CALL; i++) {
				int number = Math.floorMod(from + tried + i, IdNumber.COUNT);
				keys.add(this.keys.idNumber(number));
				args.add(Integer.toString(number));
			}
			List<?> reply = Replies.list(this.runner.run(Scripts.ID_CLAIM, "-", keys, args));
			long number = Replies.number(reply.get(0));
			if (number >= 0) {
				return new IdNumber((int) number, Replies.number(reply.get(1)), Replies.number(reply.get(2)));
			}
		}
		return null;
	}

	@Override
	public @Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		long stored = Replies
			.single(this.runner.run(Scripts.ID_RENEW, "-", List.of(this.keys.idHorizons(), this.keys.idNumber(number)),
					List.of(instanceId, Integer.toString(number), millis(lease), Long.toString(horizon))));
		return (stored == 0) ? null : stored;
	}

	private AckResult ack(LuaScript script, Delivery delivery, List<String> keys, List<String> extraArgs) {
		List<String> args = new ArrayList<>(2 + extraArgs.size());
		args.add(delivery.id());
		args.add(Long.toString(delivery.token()));
		args.addAll(extraArgs);
		return ackResult(Replies.single(this.runner.run(script, delivery.queue(), keys, args)));
	}

	private static AckResult ackResult(long code) {
		return (code == 1) ? AckResult.APPLIED : (code == 0) ? AckResult.STALE : AckResult.MISSING;
	}

	private String uniqueKey(EnqueueRequest request) {
		return (request.bizId() != null) ? this.keys.unique(request.queue(), request.name(), request.bizId())
				: this.keys.noUnique(request.queue());
	}

	private static String millis(Duration duration) {
		return Long.toString(Math.max(0, duration.toMillis()));
	}

	@Override
	public Duration completedIdsWindow() {
		return this.completedIds;
	}

}
