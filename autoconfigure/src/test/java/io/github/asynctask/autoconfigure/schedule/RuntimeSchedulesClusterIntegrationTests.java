package io.github.asynctask.autoconfigure.schedule;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link RuntimeSchedulesScenarios} on a three-master Redis Cluster, the target queue
 * sharded four ways: the schedules live in the queue's own slot (shard 0) and their
 * ticks' tasks are created there, in the script that advances the schedule.
 */
@ExtendWith(RedisClusterExtension.class)
class RuntimeSchedulesClusterIntegrationTests extends RuntimeSchedulesScenarios {

	private RedisCluster cluster;

	@BeforeEach
	void cluster(RedisCluster cluster) {
		this.cluster = cluster;
	}

	@Override
	String[] redisProperties() {
		return new String[] { "spring.data.redis.cluster.nodes=" + String.join(",", this.cluster.hostPorts()),
				"async-task.queues.reports.shards=4" };
	}

}
