package io.github.asynctask.autoconfigure.version;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Task versions on a three-master Redis Cluster with the queue in four shards: the
 * version rides in the payload, which each shard's fetch already reads, so nothing
 * crosses a slot.
 */
@ExtendWith(RedisClusterExtension.class)
class TaskVersionsClusterIntegrationTests {

	/** Each test its own key prefix: the cluster lives as long as the class. */
	private static ApplicationContextRunner runner(RedisCluster cluster, String prefix) {
		return Shipping.runner("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()),
				"async-task.queues.shipping.shards=4", "async-task.key-prefix=" + prefix);
	}

	@Test
	void waitingVersion1TasksAreUpcastAndRunByAVersion2Instance(RedisCluster cluster) {
		VersionScenarios.waitingVersion1TasksRunUpcastOnVersion2(runner(cluster, "upcast"), 40);
	}

	@Test
	void aVersion2TaskMetByAVersion1InstanceIsHandedBackAndRunByAVersion2Instance(RedisCluster cluster) {
		VersionScenarios.version2TaskMetByVersion1IsHandedBackThenRunByVersion2(runner(cluster, "handback"), 8);
	}

}
