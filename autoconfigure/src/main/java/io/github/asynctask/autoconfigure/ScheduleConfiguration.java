package io.github.asynctask.autoconfigure;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.store.ScheduleStore;
import io.github.asynctask.schedule.ScheduleListener;
import io.github.asynctask.schedule.ScheduleOverride;
import io.github.asynctask.schedule.ScheduleRunner;
import io.github.asynctask.schedule.TickFiring;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Periodic tasks: every working instance with a scheduled task method fires its ticks
 * (the tick script makes each fire once across instances); a submit-only instance
 * ({@code async-task.worker.enabled=false}, also the test module's offline modes) fires
 * none.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
class ScheduleConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ScheduleStore asyncTaskScheduleStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
			AsyncTaskProperties properties) {
		return new ScheduleStore(connectionFactory, keys, properties.getRedisTimeout());
	}

	// A SmartLifecycle: its thread starts with the context, when the registry is
	// complete, and only when some task is scheduled.
	@Bean
	@ConditionalOnMissingBean
	ScheduleRunner asyncTaskScheduleRunner(AsyncTaskProperties properties, ScheduleProperties scheduleProperties,
			TaskRegistry registry, ScheduleStore store, TaskCodec codec, ObjectProvider<ScheduleListener> listeners,
			RedisReachability reachability, ObjectProvider<AsyncTaskWorkers> workers) {
		List<ScheduleListener> all = listeners.orderedStream().toList();
		ScheduleListener listener = (schedule, outcome, count) -> all
			.forEach((each) -> each.ticks(schedule, outcome, count));
		TickFiring firing = new TickFiring(store, codec, listener, scheduleProperties.getMaxCatchUp(),
				Clock.systemUTC());
		return new ScheduleRunner(registry, overrides(properties), firing, store, Clock.systemUTC(), reachability,
				AsyncTaskWorkers.turns(workers));
	}

	static Map<String, ScheduleOverride> overrides(AsyncTaskProperties properties) {
		Map<String, ScheduleOverride> overrides = new LinkedHashMap<>();
		properties.getSchedules().forEach((name, schedule) -> {
			if (schedule.plainValue() == null) {
				overrides.put(name, new ScheduleOverride(schedule.getCron(), schedule.getEvery(), schedule.isEnabled(),
						schedule.getZone()));
			}
		});
		return overrides;
	}

}
