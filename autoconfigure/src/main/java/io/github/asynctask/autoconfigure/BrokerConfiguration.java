package io.github.asynctask.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.connection.RedisEnvironmentCheck;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.connection.RedisReachability;
import io.github.asynctask.redis.connection.RedisTarget;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.redis.shard.ShardedRedisBroker;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The Redis side shared by submitting and working instances.
 */
@Configuration(proxyBeanMethods = false)
class BrokerConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RedisBroker asyncTaskRedisBroker(RedisConnectionFactory connectionFactory, RedisKeys keys,
			AsyncTaskProperties properties, BacklogLimits backlogLimits) {
		LuaRedisBroker lua = new LuaRedisBroker(connectionFactory, keys, properties.getRetention().getCompleted(),
				properties.getRedisTimeout(), properties.getRetention().getCompletedIds());
		lua.backlogLimits(backlogLimits);
		lua.directSubmits(properties.isDirectSubmits());
		lua.directWorkerCalls(properties.getWorker().isDirectCalls());
		return new ShardedRedisBroker(lua, shardCounts(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	FlowStore asyncTaskFlowStore(RedisConnectionFactory connectionFactory, RedisKeys keys,
			AsyncTaskProperties properties) {
		return new FlowStore(connectionFactory, keys, properties.getRedisTimeout());
	}

	// Whether Redis answered since start-up: workers and schedules that cannot reach
	// it share one WARN and retry with backoff; it names the Redis in log lines.
	@Bean
	@ConditionalOnMissingBean
	RedisReachability asyncTaskRedisReachability(RedisConnectionFactory connectionFactory) {
		return new RedisReachability(RedisTarget.describe(connectionFactory));
	}

	// Warns (or refuses, with strict-redis) once all singletons exist, when Redis may
	// evict tasks; refuses a Redis older than the scripts need.
	@Bean
	@ConditionalOnMissingBean
	RedisEnvironmentCheck asyncTaskRedisEnvironmentCheck(RedisConnectionFactory connectionFactory,
			AsyncTaskProperties properties) {
		return new RedisEnvironmentCheck(connectionFactory, properties.isStrictRedis());
	}

	private static Map<String, Integer> shardCounts(AsyncTaskProperties properties) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		properties.getQueues().forEach((queue, settings) -> counts.put(queue, settings.getShards()));
		return counts;
	}

}
