package io.github.asynctask.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.limit.RateLimit;

/**
 * Turns {@code async-task.pools.*} and {@code async-task.queues.<name>.rate-limit} into
 * the runtime's {@link QueuePool} and {@link RateLimit}; the validator and the worker
 * settings share it, so a start-up error and the running worker agree.
 */
final class FlowControlMapper {

	private FlowControlMapper() {
	}

	/**
	 * The pools, each with the queues this instance serves (a queue listed with
	 * {@code enabled: false} is left out; a pool left with none is not served).
	 * @throws IllegalArgumentException naming the property key when a value is invalid
	 */
	static Map<String, QueuePool> pools(AsyncTaskProperties properties) {
		Map<String, QueuePool> pools = new LinkedHashMap<>();
		properties.getPools().forEach((name, pool) -> {
			Integer concurrency = pool.getConcurrency();
			Map<String, Integer> weights = new LinkedHashMap<>(pool.getQueues());
			// validated with every queue first, so a bad weight is named even when
			// disabled
			QueuePool all = new QueuePool(name,
					(concurrency != null) ? concurrency : properties.getWorker().getConcurrency(), weights,
					pool.isStrict());
			weights.keySet().removeIf((queue) -> !isEnabled(properties, queue));
			if (!weights.isEmpty()) {
				pools.put(name, new QueuePool(name, all.concurrency(), weights, all.strict()));
			}
		});
		QueuePool.checkMembership(explicitConcurrency(properties), pools.values());
		return pools;
	}

	/** Every queue of a pool, served or not. */
	static Set<String> pooledQueues(AsyncTaskProperties properties) {
		Set<String> queues = new TreeSet<>();
		properties.getPools().values().forEach((pool) -> queues.addAll(pool.getQueues().keySet()));
		return queues;
	}

	/**
	 * The rate limits by queue.
	 * @throws IllegalArgumentException naming the property key when a value is malformed
	 */
	static Map<String, RateLimit> rateLimits(AsyncTaskProperties properties) {
		Map<String, RateLimit> limits = new LinkedHashMap<>();
		properties.getQueues().forEach((queue, settings) -> {
			String text = settings.getRateLimit();
			if (text != null) {
				limits.put(queue, RateLimit.parse(text, "async-task.queues." + queue + ".rate-limit"));
			}
		});
		return limits;
	}

	private static boolean isEnabled(AsyncTaskProperties properties, String queue) {
		AsyncTaskProperties.Queue settings = properties.getQueues().get(queue);
		return settings == null || settings.isEnabled();
	}

	/** Queues given threads of their own with async-task.queues.<name>.concurrency. */
	private static Set<String> explicitConcurrency(AsyncTaskProperties properties) {
		Set<String> queues = new TreeSet<>();
		properties.getQueues().forEach((queue, settings) -> {
			if (settings.getConcurrency() != null) {
				queues.add(queue);
			}
		});
		return queues;
	}

}
