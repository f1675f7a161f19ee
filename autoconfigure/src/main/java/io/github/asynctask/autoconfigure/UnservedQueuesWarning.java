package io.github.asynctask.autoconfigure;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.RedisBroker;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Warns, shortly after start-up, about queues disabled here ({@code enabled: false}) that
 * no live instance serves: their tasks wait until one does. The instance registry is read
 * off the start-up thread, once every instance starting alongside had time to register.
 */
final class UnservedQueuesWarning implements ApplicationListener<ContextRefreshedEvent>, DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(UnservedQueuesWarning.class);

	private final AsyncTaskProperties properties;

	private final TaskRegistry registry;

	private final RedisBroker broker;

	/** The check waiting to run; cancelled when the context closes first. */
	private volatile @Nullable CompletableFuture<Void> pending;

	UnservedQueuesWarning(AsyncTaskProperties properties, TaskRegistry registry, RedisBroker broker) {
		this.properties = properties;
		this.registry = registry;
		this.broker = broker;
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		Set<String> disabled = ServedQueues.of(this.properties, this.registry.queues()).disabled();
		if (disabled.isEmpty()) {
			return;
		}
		// one heartbeat: instances starting at the same time have registered by then
		Duration heartbeat = this.properties.getWorker().getHeartbeatInterval();
		Duration delay = (heartbeat != null) ? heartbeat : this.properties.getLease().dividedBy(3);
		this.pending = CompletableFuture.runAsync(() -> check(disabled),
				CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS));
	}

	@Override
	public void destroy() {
		CompletableFuture<Void> check = this.pending;
		if (check != null) {
			check.cancel(false);
		}
	}

	void check(Set<String> disabled) {
		Set<String> served = new HashSet<>();
		try {
			for (String info : this.broker.instances().values()) {
				JsonNode queues = JsonMapper.shared().readTree(info).path("queues");
				served.addAll(queues.propertyNames());
			}
		}
		catch (RuntimeException ex) {
			logger.debug("Could not read the instance registry to check the queues disabled here", ex);
			return;
		}
		Map<String, String> tasksByQueue = this.registry.definitions()
			.stream()
			.collect(Collectors.groupingBy(TaskDefinition::queue, TreeMap::new,
					Collectors.mapping(TaskDefinition::name, Collectors.joining(", "))));
		disabled.stream()
			.filter((queue) -> !served.contains(queue))
			.forEach((queue) -> logger.warn(
					"Queue '{}' (tasks {}) is disabled here by async-task.queues.{}.enabled=false and no live "
							+ "instance serves it; its tasks wait until an instance with it enabled runs",
					queue, tasksByQueue.getOrDefault(queue, "none of this application"), queue));
	}

}
