package io.github.asynctask.redis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.asynctask.QueueName;
import io.github.asynctask.redis.shard.ShardName;

/**
 * The Redis key layout (version 3: a task's meta and payload in two hashes, or one field
 * {@code "<packed meta>\n<payload>"} until its first write other than a fetch). Every key
 * of a queue is {@code <prefix>:{<queue>}:<part>} so that all keys one script touches
 * hash to the queue's cluster slot. Every key, its type and content is listed in the
 * package documentation ({@code package-info.java}); a sharded queue's shards are queues
 * of their own ({@link #shard}).
 */
public final class RedisKeys {

	/** Version of this layout; a change ships a migration note. */
	public static final int LAYOUT_VERSION = 3;

	private final String prefix;

	/**
	 * {@code <prefix>:{<queue>}:} by queue, validated once: every submit and fetch builds
	 * about five keys, and checking the name char by char each time showed on that path.
	 */
	private final Map<String, String> queueBases = new ConcurrentHashMap<>();

	public RedisKeys(String prefix) {
		if (prefix == null || prefix.isBlank() || prefix.contains("{") || prefix.contains("}")) {
			throw new IllegalArgumentException(
					"async-task.key-prefix must be a non-blank string without braces but was '" + prefix + "'");
		}
		this.prefix = prefix;
	}

	public String prefix() {
		return this.prefix;
	}

	public String tasks(String queue) {
		return queueKey(queue, "t");
	}

	public String payloads(String queue) {
		return queueKey(queue, "p");
	}

	public String pending(String queue) {
		return queueKey(queue, "pending");
	}

	public String scheduled(String queue) {
		return queueKey(queue, "scheduled");
	}

	public String retry(String queue) {
		return queueKey(queue, "retry");
	}

	public String active(String queue) {
		return queueKey(queue, "active");
	}

	public String leases(String queue) {
		return queueKey(queue, "lease");
	}

	public String dead(String queue) {
		return queueKey(queue, "dead");
	}

	public String completed(String queue) {
		return queueKey(queue, "completed");
	}

	/**
	 * Ids that completed within the completed-ids window, so that a re-sent submit of one
	 * is refused after its data is gone.
	 */
	public String done(String queue) {
		return queueKey(queue, "done");
	}

	public String paused(String queue) {
		return queueKey(queue, "paused");
	}

	/**
	 * The record of one dequeue call, so a call whose reply was lost can be handed back.
	 * @param fetchId the call's random id, or {@code ""} for a placeholder in the slot
	 */
	public String fetch(String queue, String fetchId) {
		return queueKey(queue, "fetch:" + fetchId);
	}

	/**
	 * The dedup key of a task name and bizId, {@code u:<name length>:<name>:<bizId>}: the
	 * length prefix keeps names and bizIds holding ':' apart ("a" + "b:c" versus "a:b" +
	 * "c"); long bizIds are hashed so any content is safe.
	 */
	public String unique(String queue, String taskName, String bizId) {
		return queueKey(queue, "u:" + bizKey(taskName, bizId));
	}

	/**
	 * {@code <name length>:<name>:<bizId>}, long bizIds hashed: the part of
	 * {@link #unique} and of a flow condition that names one task name and bizId.
	 */
	public static String bizKey(String taskName, String bizId) {
		return BizKeys.of(taskName, bizId);
	}

	/**
	 * The result of a task returning {@code CompletableFuture<T>} (PX results retention).
	 */
	public String result(String queue, String id) {
		return queueKey(queue, "r:" + id);
	}

	/** The channel telling every instance that a result was stored: "queue\nid". */
	public String resultsChannel() {
		return this.prefix + ":results";
	}

	/**
	 * Flows: the conditions {@code i:<task id>} of the queue that waiting tasks are
	 * registered with (condition -> kept until), read by the completion script.
	 */
	public String flowWatchers(String queue) {
		return queueKey(queue, "fwi");
	}

	/** Flows: the waiting tasks registered with one condition of the queue. */
	public String flowWaiters(String queue, String condition) {
		return queueKey(queue, "fw:" + condition);
	}

	/** Flows: awaited conditions met, by how long they are remembered. */
	public String flowMet(String queue) {
		return queueKey(queue, "fdone");
	}

	/** Batches: reports owed by this queue's children that ended without their worker. */
	public String batchOwed(String queue) {
		return queueKey(queue, "bown");
	}

	/** Flows: releases owed by completed tasks of the queue, until carried out. */
	public String flowOwed(String queue) {
		return queueKey(queue, "frel");
	}

	/** Flows: waiting tasks of the queue by next check (first check, then deadline). */
	public String waiting(String queue) {
		return queueKey(queue, "waiting");
	}

	/** Flows: what each waiting task of the queue waits for. */
	public String waitData(String queue) {
		return queueKey(queue, "wait");
	}

	/**
	 * The shard counts a sharded queue's tasks were placed under, by how long a task
	 * placed under each may still hold a dedup key or a completed id (in shard 0's slot).
	 */
	public String layouts(String queue) {
		return queueKey(queue, "layouts");
	}

	/**
	 * A key in the queue's slot standing in for {@link #unique} when a task has no bizId.
	 */
	public String noUnique(String queue) {
		return queueKey(queue, "u:");
	}

	/** The state of a periodic task: last tick handled, expression fingerprint. */
	public String schedule(String queue, String taskName) {
		return queueKey(queue, "schedule:" + taskName);
	}

	/**
	 * The queue's wake-up list: at most one token, taken by one idle fetcher blocked on
	 * it.
	 */
	public String wake(String queue) {
		return queueKey(queue, "wake");
	}

	/**
	 * The queue's rate-limit log: one entry per delivery of the last period, across every
	 * instance.
	 */
	public String rate(String queue) {
		return queueKey(queue, "rate");
	}

	/**
	 * The deliveries holding each concurrency key; an entry whose lease is gone (any end
	 * of the delivery) no longer counts.
	 */
	public String concurrencyKeys(String queue) {
		return queueKey(queue, "ck");
	}

	/**
	 * Tasks parked while their concurrency key runs as many as it may, each key's a
	 * lexical range of its own, oldest first.
	 */
	public String parkedByKey(String queue) {
		return queueKey(queue, "ckp");
	}

	/** The concurrency keys with parked tasks, in the order fetches look at them. */
	public String parkedKeys(String queue) {
		return queueKey(queue, "ckr");
	}

	public String dueChannel(String queue) {
		return queueKey(queue, "due");
	}

	/** Live instances serving the queue, by when their mark runs out. */
	public String workers(String queue) {
		return queueKey(queue, "workers");
	}

	/** The id of the instance holding the queue's agent turn, expiring with the turn. */
	public String turn(String queue) {
		return queueKey(queue, "turn");
	}

	/**
	 * Instances serving the queue, in the registry's slot: one heartbeat marks them all.
	 */
	public String servingInstances(String queue) {
		return this.prefix + ":{instances}:serving:" + queue;
	}

	/**
	 * The queue name whose keys hold shard {@code index} of {@code queue}: the queue
	 * itself for shard 0 (an unsharded queue is its own shard 0, so sharding a queue
	 * moves nothing), {@code <queue>#<index>} otherwise.
	 */
	public static String shard(String queue, int index) {
		return ShardName.of(queue, index);
	}

	/**
	 * A queue's processed/failed counts of one minute (epoch minute), for the console's
	 * history.
	 */
	public String historyMinute(String queue, long epochMinute) {
		return queueKey(queue, "hist:m:" + epochMinute);
	}

	/** A queue's processed/failed counts of one UTC day (epoch day). */
	public String historyDay(String queue, long epochDay) {
		return queueKey(queue, "hist:d:" + epochDay);
	}

	public String queues() {
		return this.prefix + ":queues";
	}

	public String instancesSeen() {
		return this.prefix + ":{instances}:seen";
	}

	public String instancesInfo() {
		return this.prefix + ":{instances}:info";
	}

	/**
	 * The holder of one instance number of short task ids: its instance id, under a
	 * lease.
	 * @param number 0..65535
	 */
	public String idNumber(int number) {
		return this.prefix + ":{instances}:n:" + number;
	}

	/**
	 * Each instance number's horizon: the last millisecond up to which a holder may make
	 * ids with it, so that the next holder starts after it.
	 */
	public String idHorizons() {
		return this.prefix + ":{instances}:id-horizons";
	}

	private String queueKey(String queue, String part) {
		return this.queueBases.computeIfAbsent(queue, (name) -> this.prefix + ":{" + QueueName.check(name) + "}:")
				+ part;
	}

}
