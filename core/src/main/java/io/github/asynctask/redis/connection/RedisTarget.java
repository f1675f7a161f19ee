package io.github.asynctask.redis.connection;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Names the Redis a connection factory talks to, for log lines: {@code host:port}, the
 * cluster's seed nodes, or the Sentinel master and its sentinels.
 */
public final class RedisTarget {

	private RedisTarget() {
	}

	/** What the factory connects to, or its class name when it does not say. */
	public static String describe(RedisConnectionFactory factory) {
		if (factory instanceof LettuceConnectionFactory lettuce) {
			return describe(lettuce.getClusterConfiguration(), lettuce.getSentinelConfiguration(),
					lettuce.getStandaloneConfiguration());
		}
		return factory.getClass().getSimpleName();
	}

	private static String describe(@Nullable RedisClusterConfiguration cluster,
			@Nullable RedisSentinelConfiguration sentinel, @Nullable RedisStandaloneConfiguration standalone) {
		if (cluster != null) {
			return "cluster " + nodes(cluster.getClusterNodes());
		}
		if (sentinel != null) {
			String master = (sentinel.getMaster() != null) ? sentinel.getMaster().getName() : "?";
			return "sentinel master '" + master + "' via " + nodes(sentinel.getSentinels());
		}
		return (standalone != null) ? standalone.getHostName() + ":" + standalone.getPort() : "Redis";
	}

	private static List<String> nodes(Iterable<RedisNode> nodes) {
		List<String> names = new ArrayList<>();
		nodes.forEach((node) -> names.add(node.getHost() + ":" + node.getPort()));
		return names;
	}

}
