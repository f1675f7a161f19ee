package io.github.asynctask.autoconfigure;

import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.worker.WorkerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Warns once the context is up about tasks whose queue this worker does not serve: such
 * tasks wait until an instance listing the queue under {@code async-task.queues} runs.
 */
final class UnservedQueuesWarning implements ApplicationListener<ContextRefreshedEvent> {

	private static final Logger logger = LoggerFactory.getLogger(UnservedQueuesWarning.class);

	private final TaskRegistry registry;

	private final WorkerSettings settings;

	UnservedQueuesWarning(TaskRegistry registry, WorkerSettings settings) {
		this.registry = registry;
		this.settings = settings;
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		Set<String> served = this.settings.concurrencyByQueue().keySet();
		var unserved = this.registry.definitions()
			.stream()
			.filter((definition) -> !served.contains(definition.queue()))
			.collect(Collectors.groupingBy(TaskDefinition::queue, TreeMap::new,
					Collectors.mapping(TaskDefinition::name, Collectors.joining(", "))));
		unserved.forEach((queue, tasks) -> logger
			.warn("Queue '{}' (tasks {}) is not served by this instance; add async-task.queues.{}.concurrency "
					+ "here or on another instance, or its tasks will wait", queue, tasks, queue));
	}

}
