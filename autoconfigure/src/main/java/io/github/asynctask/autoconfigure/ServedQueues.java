package io.github.asynctask.autoconfigure;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which queues this instance serves with threads of their own, and how many: every queue
 * some task method of the application submits to, plus every queue listed under
 * {@code async-task.queues}, minus those listed with {@code enabled: false} and those in
 * a pool under {@code async-task.pools} (they share the pool's threads).
 *
 * @param concurrency worker threads by served queue, sorted by name
 * @param disabled queues listed with {@code enabled: false}: left to other instances
 * @param listedWithoutTasks served queues that no task method of this application uses
 * (another application may submit to them)
 */
record ServedQueues(Map<String, Integer> concurrency, Set<String> disabled, Set<String> listedWithoutTasks) {

	static ServedQueues of(AsyncTaskProperties properties, Collection<String> taskQueues) {
		int defaultConcurrency = properties.getWorker().getConcurrency();
		Map<String, Integer> concurrency = new TreeMap<>();
		taskQueues.forEach((queue) -> concurrency.put(queue, defaultConcurrency));
		Set<String> disabled = new TreeSet<>();
		Set<String> listedWithoutTasks = new TreeSet<>();
		properties.getQueues().forEach((queue, settings) -> {
			if (!settings.isEnabled()) {
				disabled.add(queue);
				concurrency.remove(queue);
				return;
			}
			Integer threads = settings.getConcurrency();
			concurrency.put(queue, (threads != null) ? threads : defaultConcurrency);
			if (!taskQueues.contains(queue)) {
				listedWithoutTasks.add(queue);
			}
		});
		Set<String> pooled = FlowControlMapper.pooledQueues(properties);
		concurrency.keySet().removeAll(pooled);
		listedWithoutTasks.removeAll(pooled);
		return new ServedQueues(Collections.unmodifiableMap(concurrency), Collections.unmodifiableSet(disabled),
				Collections.unmodifiableSet(listedWithoutTasks));
	}

}
