package io.github.asynctask;

import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * A broker for tests that never reach Redis (start-up validation, call capture): the
 * connection factory is never started, so nothing connects.
 */
@Configuration(proxyBeanMethods = false)
public class NoRedisConfiguration {

	@Bean
	RedisBroker redisBroker() {
		return new LuaRedisBroker(new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", 1)),
				new RedisKeys("test"));
	}

}
