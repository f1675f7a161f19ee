package io.github.asynctask.redis;

import io.github.asynctask.ClusterConnectionExtension;
import io.github.asynctask.redis.lua.LuaRedisBroker;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * A sharded queue's backlog limit on a local 3-master Redis Cluster, its shards on
 * different masters: each shard checks its share in its own slot, so no call crosses
 * slots ({@link ShardedBacklogChecks}).
 */
@ExtendWith(ClusterConnectionExtension.class)
class ShardedBacklogLimitClusterIntegrationTests {

	private static LuaRedisBroker shards;

	@BeforeAll
	static void connect(LettuceConnectionFactory connectionFactory) {
		shards = new LuaRedisBroker(connectionFactory, new RedisKeys("backlog"));
	}

	@Test
	void aShardedQueuesLimitHoldsForTheQueueAsAWholeOnACluster() {
		ShardedBacklogChecks.theLimitHoldsForTheWholeQueue(ShardedBacklogChecks.limited(shards, "full"), "full");
	}

}
