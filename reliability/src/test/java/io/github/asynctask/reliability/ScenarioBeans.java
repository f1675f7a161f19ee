package io.github.asynctask.reliability;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.BatchStore;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The beans and properties of the scenarios about batches, versions, backlog limits and
 * run-time schedules, each only with its argument, so the other scenarios serve nothing
 * extra: {@code batches=true} ({@link BatchTasks}, with {@code batchHalts=N} the halting
 * batch store {@link HaltInBatchBookkeeping}), {@code version=1|2}
 * ({@link VersionTasks}), {@code runtimeSchedules=true} ({@link RuntimeScheduleTasks}),
 * {@code maxBacklog=N} and {@code completedIds=ms}.
 */
final class ScenarioBeans {

	private ScenarioBeans() {
	}

	static void register(AnnotationConfigApplicationContext context, ReliabilityConfiguration.Args args) {
		if (Boolean.parseBoolean(args.get("batches", "false"))) {
			context.registerBean(BatchTasks.class);
			if (args.worker() && args.values().containsKey("batchHalts")) {
				// replaces the auto-configured batch store (@ConditionalOnMissingBean)
				context.registerBean(BatchStore.class,
						() -> new HaltInBatchBookkeeping(context.getBean(RedisConnectionFactory.class),
								context.getBean(RedisKeys.class),
								context.getBean(AsyncTaskProperties.class).getRedisTimeout(),
								context.getBean(Ledger.class), Integer.parseInt(args.get("batchHalts"))));
			}
		}
		switch (args.get("version", "")) {
			case "1" -> context.registerBean(VersionTasks.V1.class);
			case "2" -> {
				context.registerBean(VersionTasks.V2.class);
				context.registerBean(VersionTasks.RecipientRenamed.class);
			}
			default -> {
			}
		}
		if (Boolean.parseBoolean(args.get("runtimeSchedules", "false"))) {
			context.registerBean(RuntimeScheduleTasks.class);
		}
	}

	static Map<String, Object> properties(ReliabilityConfiguration.Args args) {
		Map<String, Object> properties = new LinkedHashMap<>();
		if (args.values().containsKey("maxBacklog")) {
			properties.put("async-task.queues." + ReliabilityTasks.QUEUE + ".max-backlog", args.get("maxBacklog"));
		}
		if (args.values().containsKey("completedIds")) {
			properties.put("async-task.retention.completed-ids", args.get("completedIds") + "ms");
		}
		return properties;
	}

}
