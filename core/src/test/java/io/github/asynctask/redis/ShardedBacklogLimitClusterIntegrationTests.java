package io.github.asynctask.redis;

import io.github.asynctask.redis.lua.LuaRedisBroker;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * A sharded queue's backlog limit on a local 3-master Redis Cluster, its shards on
 * different masters: each shard checks its share in its own slot, so no call crosses
 * slots ({@link ShardedBacklogChecks}).
 */
@ExtendWith(RedisClusterExtension.class)
class ShardedBacklogLimitClusterIntegrationTests {

	private static LettuceConnectionFactory connectionFactory;

	private static LuaRedisBroker shards;

	@BeforeAll
	static void connect(RedisCluster cluster) {
		connectionFactory = RedisConnections.cluster(cluster.hostPorts());
		shards = new LuaRedisBroker(connectionFactory, new RedisKeys("backlog"));
	}

	@AfterAll
	static void disconnect() {
		connectionFactory.destroy();
	}

	@Test
	void aShardedQueuesLimitHoldsForTheQueueAsAWholeOnACluster() {
		ShardedBacklogChecks.theLimitHoldsForTheWholeQueue(ShardedBacklogChecks.limited(shards, "full"), "full");
	}

}
