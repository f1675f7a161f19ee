package io.github.asynctask.autoconfigure.schedule;

import java.time.Clock;
import java.util.List;

import io.github.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import io.github.asynctask.autoconfigure.AsyncTaskProperties;
import io.github.asynctask.autoconfigure.AsyncTaskWorkers;
import io.github.asynctask.autoconfigure.ScheduleProperties;
import io.github.asynctask.codec.TaskCodec;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.RuntimeScheduleStore;
import io.github.asynctask.schedule.RuntimeScheduleLoop;
import io.github.asynctask.schedule.RuntimeSchedules;
import io.github.asynctask.schedule.ScheduleListener;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of schedules made at run time ({@code template.schedule(id, …)}):
 * every instance may make them; every working instance fires them. Off in the test
 * module's record and inline modes (no Redis).
 */
@AutoConfiguration(after = AsyncTaskAutoConfiguration.class)
@ConditionalOnBean({ TaskRegistry.class, RedisBroker.class, RedisConnectionFactory.class })
// the test module's record and inline modes have no Redis to keep schedules in
@ConditionalOnExpression("'${async-task.test.mode:}' != 'record' and '${async-task.test.mode:}' != 'inline'")
@Import(RuntimeScheduleAutoConfiguration.FiringConfiguration.class)
public final class RuntimeScheduleAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RuntimeScheduleStore asyncTaskRuntimeScheduleStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
			AsyncTaskProperties properties) {
		return new RuntimeScheduleStore(connectionFactory, keys, properties.getRedisTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	RuntimeSchedules asyncTaskRuntimeSchedules(RuntimeScheduleStore store, TaskRegistry registry, TaskCodec codec,
			RedisBroker broker) {
		return new RuntimeSchedules(store, registry, codec, broker::knownQueues);
	}

	/**
	 * The firing loop, on working instances only (as annotated schedules).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "async-task.worker.enabled", matchIfMissing = true)
	static class FiringConfiguration {

		@Bean
		@ConditionalOnMissingBean
		RuntimeScheduleLoop asyncTaskRuntimeScheduleLoop(TaskRegistry registry, RuntimeScheduleStore store,
				RuntimeSchedules schedules, TaskCodec codec, ObjectProvider<ScheduleListener> listeners,
				ScheduleProperties scheduleProperties, ObjectProvider<AsyncTaskWorkers> workers) {
			List<ScheduleListener> all = listeners.orderedStream().toList();
			return new RuntimeScheduleLoop(registry, store, schedules, codec,
					(task, outcome, count) -> all.forEach((each) -> each.ticks(task, outcome, count)),
					scheduleProperties.getMaxCatchUp(), Clock.systemUTC(), AsyncTaskWorkers.turns(workers));
		}

	}

}
