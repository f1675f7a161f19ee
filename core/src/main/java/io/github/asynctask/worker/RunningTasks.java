package io.github.asynctask.worker;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

import io.github.asynctask.redis.DeliveryToken;

/**
 * The deliveries of one queue this instance holds a lease on: what the heartbeat renews
 * and what shutdown hands back.
 */
final class RunningTasks {

	/**
	 * By id and token: a new delivery of a task may arrive while a stale one still runs,
	 * and each must be renewed or stopped on its own.
	 */
	private final Map<DeliveryToken, RunningTask> tasks = new ConcurrentHashMap<>();

	private final BooleanSupplier shortBodies;

	RunningTasks() {
		this(() -> false);
	}

	/**
	 * @param shortBodies whether the bodies of this queue's pool end within microseconds
	 * (their acks may wait for each other, see {@link AckSender})
	 */
	RunningTasks(BooleanSupplier shortBodies) {
		this.shortBodies = shortBodies;
	}

	boolean shortBodies() {
		return this.shortBodies.getAsBoolean();
	}

	void add(RunningTask task) {
		this.tasks.put(task.key(), task);
	}

	void remove(RunningTask task) {
		this.tasks.remove(task.key(), task);
	}

	int size() {
		return this.tasks.size();
	}

	/** The ids of up to {@code max} deliveries held now, for the console. */
	List<String> ids(int max) {
		return this.tasks.keySet().stream().map(DeliveryToken::id).distinct().limit(max).toList();
	}

	Collection<RunningTask> all() {
		return List.copyOf(this.tasks.values());
	}

	/**
	 * The deliveries whose lease is still ours, by the Redis-side queue that leased them
	 * (a sharded queue's deliveries come from several shards).
	 */
	Map<String, List<DeliveryToken>> leasedByShard() {
		Map<String, List<DeliveryToken>> byShard = new LinkedHashMap<>();
		this.tasks.values()
			.stream()
			.filter((task) -> !task.isStale())
			.forEach((task) -> byShard.computeIfAbsent(task.delivery().queue(), (shard) -> new ArrayList<>())
				.add(task.key()));
		return byShard;
	}

	/** The running deliveries among {@code keys}, in order. */
	Map<DeliveryToken, RunningTask> byKey(Collection<DeliveryToken> keys) {
		Map<DeliveryToken, RunningTask> found = new LinkedHashMap<>();
		keys.forEach((key) -> {
			RunningTask task = this.tasks.get(key);
			if (task != null) {
				found.put(key, task);
			}
		});
		return found;
	}

	/** Renewed: these leases are valid until {@code validUntil} (System.nanoTime). */
	void renewed(Collection<DeliveryToken> deliveries, long validUntil) {
		deliveries.forEach((key) -> {
			RunningTask task = this.tasks.get(key);
			if (task != null) {
				task.leaseValidUntil(validUntil);
			}
		});
	}

	/**
	 * The lease of these deliveries was taken away: stop their bodies and forget them
	 * once the body is gone, so no late failure reaches Redis.
	 * @return the ids whose body was still running (a delivery whose body ended was most
	 * likely acked while the heartbeat ran, which is no loss)
	 */
	Set<String> lost(Set<DeliveryToken> deliveries) {
		Set<String> stopped = new HashSet<>();
		deliveries.forEach((key) -> {
			RunningTask task = this.tasks.get(key);
			if (task != null) {
				task.markStale();
				if (task.isClaimed()) {
					// the body ended already: only its report held it here
					remove(task);
				}
				else {
					task.interruptBody();
					stopped.add(key.id());
				}
			}
		});
		return stopped;
	}

}
