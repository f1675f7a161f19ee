package io.github.asynctask.worker;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The deliveries of one queue this instance holds a lease on: what the heartbeat renews
 * and what shutdown hands back.
 */
final class RunningTasks {

	private final Map<String, RunningTask> tasks = new ConcurrentHashMap<>();

	void add(RunningTask task) {
		this.tasks.put(task.id(), task);
	}

	void remove(RunningTask task) {
		this.tasks.remove(task.id(), task);
	}

	int size() {
		return this.tasks.size();
	}

	Collection<RunningTask> all() {
		return List.copyOf(this.tasks.values());
	}

	/** Fencing tokens of the deliveries whose lease is still ours, by task id. */
	Map<String, Long> tokens() {
		Map<String, Long> tokens = new HashMap<>();
		this.tasks.values()
			.stream()
			.filter((task) -> !task.isStale())
			.forEach((task) -> tokens.put(task.id(), task.delivery().token()));
		return tokens;
	}

	/** Renewed: these leases are valid until {@code validUntil} (System.nanoTime). */
	void renewed(Set<String> ids, long validUntil) {
		ids.forEach((id) -> {
			RunningTask task = this.tasks.get(id);
			if (task != null) {
				task.leaseValidUntil(validUntil);
			}
		});
	}

	/**
	 * The lease of these deliveries was taken away: stop their bodies and forget them
	 * once the body is gone, so no late ack reaches Redis.
	 * @return the ids whose body was still running (an id whose body ended was most
	 * likely acked while the heartbeat ran, which is no loss)
	 */
	Set<String> lost(Set<String> ids) {
		Set<String> stopped = new HashSet<>();
		ids.forEach((id) -> {
			RunningTask task = this.tasks.get(id);
			if (task != null) {
				task.markStale();
				if (task.isClaimed()) {
					// the body ended already: only its report held it here
					remove(task);
				}
				else {
					task.interruptBody();
					stopped.add(id);
				}
			}
		});
		return stopped;
	}

}
