package io.github.asynctask.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.limit.BacklogLimit;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.limit.BacklogWatch;
import io.github.asynctask.redis.RedisBroker;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The queues' backlog limits ({@code async-task.queues.<name>.max-backlog},
 * {@code on-full}, {@code on-full-timeout}), given to the broker (the enqueue script
 * checks them) and to the submitter (which rejects or waits).
 */
@Configuration(proxyBeanMethods = false)
class BacklogLimitsConfiguration {

	@Bean
	@ConditionalOnMissingBean
	BacklogLimits asyncTaskBacklogLimits(AsyncTaskProperties properties) {
		return of(properties);
	}

	@Bean
	@ConditionalOnMissingBean
	BacklogWatch asyncTaskBacklogWatch(RedisBroker broker, BacklogLimits limits) {
		return new BacklogWatch(broker, limits);
	}

	// WARN at 80 % full, once a minute per queue at most
	@Bean
	@ConditionalOnMissingBean
	BacklogWatchSchedule asyncTaskBacklogWatchSchedule(BacklogWatch watch) {
		return new BacklogWatchSchedule(watch);
	}

	static BacklogLimits of(AsyncTaskProperties properties) {
		Map<String, BacklogLimit> limits = new LinkedHashMap<>();
		Map<String, Integer> shards = new LinkedHashMap<>();
		properties.getQueues().forEach((queue, settings) -> {
			shards.put(queue, settings.getShards());
			Long max = settings.getMaxBacklog();
			if (max != null) {
				limits.put(queue, new BacklogLimit(max, settings.getOnFull(), settings.getOnFullTimeout()));
			}
		});
		return new BacklogLimits(limits, shards);
	}

}
