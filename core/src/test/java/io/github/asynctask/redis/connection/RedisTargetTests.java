package io.github.asynctask.redis.connection;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the start-up lines name the Redis: host and port, a cluster's seed nodes, a
 * Sentinel master and its sentinels (read from the factory's configuration, without
 * connecting).
 */
class RedisTargetTests {

	@Test
	void namesTheStandaloneServerTheClusterSeedsOrTheSentinelMaster() {
		assertThat(
				RedisTarget.describe(new LettuceConnectionFactory(new RedisStandaloneConfiguration("redis-1", 6380))))
			.isEqualTo("redis-1:6380");
		assertThat(RedisTarget
			.describe(new LettuceConnectionFactory(new RedisClusterConfiguration(List.of("a:7000", "b:7001")))))
			.isEqualTo("cluster [a:7000, b:7001]");
		RedisSentinelConfiguration sentinel = new RedisSentinelConfiguration().master("shop")
			.sentinel("s1", 26379)
			.sentinel("s2", 26379);
		assertThat(RedisTarget.describe(new LettuceConnectionFactory(sentinel)))
			.isEqualTo("sentinel master 'shop' via [s1:26379, s2:26379]");
	}

}
