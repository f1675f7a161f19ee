package io.github.asynctask.worker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.limit.RateLimit;

/**
 * What the console shows of one {@link QueueWorker}: busy threads, concurrency and the
 * ids of its running tasks, plus for a pool its queues with their weights, whether it is
 * strict, and rate limits.
 */
final class WorkerDescription {

	private WorkerDescription() {
	}

	/**
	 * @param name the queue, or the pool's name
	 * @param running each served queue's running deliveries
	 * @param maxRunningListed how many running ids to list at most
	 */
	static Map<String, Object> of(String name, int busy, int concurrency, Map<String, RunningTasks> running,
			WorkerSettings settings, int maxRunningListed) {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("busy", busy);
		info.put("concurrency", concurrency);
		List<String> ids = new ArrayList<>();
		for (RunningTasks tasks : running.values()) {
			ids.addAll(tasks.ids(maxRunningListed - ids.size()));
		}
		info.put("running", ids);
		if (running.size() > 1 || !running.containsKey(name)) {
			QueuePool pool = settings.pools().get(name);
			if (pool != null) {
				info.put("pool", Map.of("queues", pool.weights(), "strict", pool.strict()));
			}
		}
		Map<String, String> limits = new LinkedHashMap<>();
		running.keySet().forEach((queue) -> {
			RateLimit limit = settings.rateLimits().get(queue);
			if (limit != null) {
				limits.put(queue, limit.toString());
			}
		});
		if (!limits.isEmpty()) {
			info.put("rateLimits", limits);
		}
		return info;
	}

}
