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
 * The only class that changes task state in Redis: one method per transition, each one
 * atomic Lua script whose keys all share the queue's hash tag. Every time a script
 * compares or stores comes from Redis {@code TIME}; callers pass durations, never client
 * timestamps (except {@link EnqueueRequest#at()}, an absolute instant the user chose).
 * <p>
 * Failures to reach Redis surface as
 * {@link io.github.asynctask.RedisUnavailableException}.
 */
public interface RedisBroker {

	/** The key layout in use. */
	RedisKeys keys();

	/**
	 * Close the connections this broker opened of its own (a submit's, a fetcher's, the
	 * ack thread's); the connection factory's stay open. Spring calls it when the
	 * application stops; later calls open them again.
	 */
	default void close() {
	}

	/**
	 * How long ago a call to Redis last failed (unreachable, out of memory, no reply in
	 * time), or null when none has or the broker does not track it. The recoverer waits a
	 * lease after such a failure, so that workers that could not report meanwhile do so
	 * before their expired leases are taken.
	 */
	default @Nullable Duration sinceUnavailable() {
		return null;
	}

	/**
	 * Record one task: pending, or scheduled when it has a delay; dedup by bizId in the
	 * same script.
	 */
	EnqueueResult enqueue(EnqueueRequest request);

	/** Record several tasks in one pipelined round trip; results in request order. */
	List<EnqueueResult> enqueueAll(List<EnqueueRequest> requests);

	/**
	 * Move up to {@code max} ids pending to active under a lease; nothing while the queue
	 * is paused. When a call fails (no reply in time, connection lost), the next call for
	 * the queue first hands back, uncounted, whatever the failed one may still have
	 * taken.
	 */
	List<Delivery> dequeue(String queue, int max, Duration lease);

	/**
	 * {@link #dequeue(String, int, Duration)} under a cluster-wide rate limit, when
	 * {@code limit} is set: the call takes no more than the limit leaves, and says how
	 * long until the next permit when it held pending tasks back.
	 */
	default Dequeued dequeue(String queue, int max, Duration lease, @Nullable RateLimit limit) {
		return new Dequeued(dequeue(queue, max, lease), Duration.ZERO);
	}

	/**
	 * The delivery succeeded: drop the task, or keep it as completed for
	 * {@code retention}.
	 */
	AckResult complete(Delivery delivery, Duration retention);

	/**
	 * Several deliveries of one queue succeeded: {@link #complete} for each, in one call.
	 * @return one result per delivery, in order
	 * @throws IllegalArgumentException when the deliveries are not all of one queue
	 */
	List<AckResult> completeAll(List<Delivery> deliveries, Duration retention);

	/**
	 * The delivery failed: schedule the next attempt after {@code delay}, keeping the
	 * error.
	 */
	AckResult retry(Delivery delivery, Duration delay, String error);

	/**
	 * {@link #retry(Delivery, Duration, String)}, also keeping the failed attempt in the
	 * task's bounded history (the last 10 attempts).
	 * @param attempt the attempt as a JSON document ({@code start}, {@code end},
	 * {@code instance}, {@code error}, {@code message}, {@code stack}), or null for none
	 */
	default AckResult retry(Delivery delivery, Duration delay, String error, @Nullable String attempt) {
		return retry(delivery, delay, error);
	}

	/** The delivery failed for good: move the task to dead with the reason. */
	AckResult kill(Delivery delivery, String reason);

	/**
	 * {@link #kill(Delivery, String)}, also keeping the failed attempt in the task's
	 * bounded history.
	 * @param attempt the attempt as a JSON document, or null for none
	 */
	default AckResult kill(Delivery delivery, String reason, @Nullable String attempt) {
		return kill(delivery, reason);
	}

	/**
	 * Record a task whose submitted data cannot be read as dead with the reason, keeping
	 * the raw data as its payload; nothing when the id exists or completed within the
	 * completed-ids window.
	 * @return whether it was recorded
	 */
	default boolean bury(String queue, String id, String raw, String reason) {
		throw new UnsupportedOperationException(getClass().getName() + " cannot bury unreadable tasks");
	}

	/** Hand the delivery back to pending (shutdown); the attempt is not counted. */
	AckResult requeue(Delivery delivery);

	/**
	 * Hand back a delivery whose task name this instance does not define, for an instance
	 * that does: to retry after a delay between {@code minDelay} and {@code maxDelay}
	 * (growing with the time since it was first handed back), the delivery not counted;
	 * to dead with {@code deadReason} once {@code grace} has passed since then.
	 */
	HandBackResult handBack(Delivery delivery, Duration minDelay, Duration maxDelay, Duration grace, String error,
			String deadReason);

	/**
	 * Renew the leases of this instance's running deliveries of one queue in one call.
	 * @param deliveries the deliveries, by task id and fencing token (one task may appear
	 * with two tokens: a stale delivery beside its successor)
	 * @return the deliveries whose lease was lost (recovered, deleted, taken by another
	 * token, or past its deadline)
	 */
	Set<DeliveryToken> extendLeases(String queue, Collection<DeliveryToken> deliveries, Duration lease);

	/**
	 * Move up to {@code limit} tasks whose lease expired to retry (after
	 * {@code retryDelay}) or dead, and tell when the next lease of the queue ends.
	 */
	RecoverResult recover(String queue, int limit, Duration retryDelay);

	/** Move up to {@code limit} due scheduled and retry tasks to pending. */
	ForwardResult forward(String queue, int limit);

	/**
	 * Drop up to {@code limit} dead tasks older than {@code deadRetention}, then up to
	 * {@code limit} of the oldest dead tasks beyond {@code deadMax}, and up to
	 * {@code limit} completed tasks past their retention.
	 */
	TrimResult trim(String queue, Duration deadRetention, int deadMax, int limit);

	/**
	 * Drop the queue from the registry when it holds nothing (no task, no remembered
	 * completed id, not paused) and nobody registered it for {@code unseen}.
	 * @return whether it was dropped
	 */
	boolean forgetQueueIfIdle(String queue, Duration unseen);

	/** Stop every instance fetching from the queue. */
	void pause(String queue);

	/** Let instances fetch from the queue again. */
	void resume(String queue);

	/** Sizes by state, paused flag and latency, in one call. */
	QueueStats stats(String queue);

	/** One task by id. */
	Optional<TaskInfo> find(String queue, String id);

	/**
	 * A page of tasks in a state kept in a sorted set (scheduled, retry, dead,
	 * completed), oldest first.
	 */
	List<TaskInfo> list(String queue, TaskState state, int offset, int count);

	/** Delete a task that is not active. */
	boolean delete(String queue, String id);

	/**
	 * Cancel a task of this queue (every shard of a sharded queue is asked in turn): one
	 * that has not run yet or waits for its next attempt goes to dead with {@code reason}
	 * and never runs; a running one is marked, for its worker to stop at the next
	 * heartbeat ({@link #reportRunning}), and is never run again.
	 * @param stopNow whether a running task goes to dead at once instead, its lease taken
	 * away so that its worker interrupts the body at the next heartbeat (the console's
	 * kill); its body does not see {@code isCancelled()} then
	 */
	default CancelOutcome cancel(String queue, String id, String reason, boolean stopNow) {
		throw new UnsupportedOperationException(getClass().getName() + " cannot cancel tasks");
	}

	/**
	 * Store the progress a worker's running deliveries of one queue shard reported, and
	 * learn which of them were cancelled ({@link #cancel}); deliveries whose lease is no
	 * longer theirs are skipped. One call per heartbeat per shard.
	 * @return the deliveries whose task was cancelled
	 */
	default Set<DeliveryToken> reportRunning(String queue, Collection<RunningReport> reports) {
		return Set.of();
	}

	/** Move a dead task back to pending with its attempts reset. */
	boolean retryDead(String queue, String id);

	/** Remember queue names for the console and endpoint. */
	void registerQueues(Collection<String> queues);

	/** Every queue name registered by any instance. */
	Set<String> knownQueues();

	/**
	 * Register or refresh this instance; its entry expires after {@code ttl} without a
	 * refresh.
	 */
	void heartbeat(String instanceId, String info, Duration ttl);

	/** Remove this instance's entry (clean shutdown). */
	void unregister(String instanceId);

	/**
	 * Mark this instance as serving the queue for {@code ttl} ({@link Duration#ZERO}:
	 * unmark it) and count the live instances serving it, with one O(1) call per queue.
	 * @return instances whose mark has not run out, this one included unless unmarked
	 */
	int serving(String queue, String instanceId, Duration ttl);

	/** Info documents of the live instances, by instance id. */
	Map<String, String> instances();

	/** The calls that pace the periodic agents over the fleet; per queue by default. */
	default FleetCalls fleet() {
		return FleetCalls.perQueue(this);
	}

	/**
	 * Claim a free instance number of short task ids for {@code lease}, trying numbers
	 * upward from {@code from} (wrapping at {@link IdNumber#COUNT}).
	 * @param instanceId the claiming instance, unique in the fleet
	 * @param now the claiming instance's clock (Unix ms)
	 * @return the number with its window, or null when every number is held
	 */
	default @Nullable IdNumber claimIdNumber(String instanceId, int from, Duration lease, long now) {
		throw new UnsupportedOperationException(getClass().getName() + " cannot claim instance numbers");
	}

	/**
	 * Renew the lease on a number this instance holds, moving its horizon up to at least
	 * {@code horizon}.
	 * @return the number's horizon after the renewal (Unix ms), or null when the number
	 * is no longer held by {@code instanceId}
	 */
	default @Nullable Long renewIdNumber(String instanceId, int number, Duration lease, long horizon) {
		throw new UnsupportedOperationException(getClass().getName() + " cannot renew instance numbers");
	}

	/**
	 * What one queue (a shard) holds of a task, read-only: the holder of its name and
	 * bizId, and whether its id is a task there or completed within the completed-ids
	 * window.
	 * @param taskName the task's name, or null to look up the id only
	 * @param bizId the task's bizId, or null for none
	 */
	default Placement placed(String queue, String id, @Nullable String taskName, @Nullable String bizId) {
		return new Placement(null, find(queue, id).isPresent());
	}

	/**
	 * Remember that the queue's tasks are placed under {@code count} shards until
	 * {@code untilMillis} (Unix ms), and read the counts still remembered.
	 * @param count the count to remember, or 0 to read only
	 * @return the counts whose time has not run out
	 */
	default List<Integer> shardCounts(String queue, int count, long untilMillis) {
		return List.of();
	}

	/** How long the id of a completed task is remembered, so a re-send is a no-op. */
	default Duration completedIdsWindow() {
		return Duration.ZERO;
	}

	/**
	 * How many shards each queue has. A broker that shards no queue says one each; a
	 * decorator of a sharded broker passes its layout on, so what must reach every shard
	 * (result futures, flow sweeps, the console) reaches them through the decorator too.
	 */
	default ShardLayout layout() {
		return ShardLayout.unsharded();
	}

}
