package io.github.asynctask.autoconfigure.cancel;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Cancel and progress on a three-master Redis Cluster, the queue in four shards (slots
 * spread over the masters): every script call stays in the slot of the task's shard.
 */
@ExtendWith(RedisClusterExtension.class)
class CancelClusterIntegrationTests {

	@Test
	void cancelAndProgressWorkOnAShardedQueueOfACluster(RedisCluster cluster) {
		CancelScenarios
			.runner("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()),
					"async-task.queues.exports.shards=4")
			.run((context) -> {
				CancelScenarios.aScheduledTaskNeverRunsAndItsFutureFailsAsCancelled(context);
				CancelScenarios.aRunningTaskIsStoppedAndNotRetried(context);
				CancelScenarios.completedAndUnknownTasksAreNotCancelled(context);
				CancelScenarios.progressShowsTheLatestReport(context);
				CancelScenarios.aDependentOfACancelledTaskWaitsUntilItIsRetried(context);
			});
	}

}
