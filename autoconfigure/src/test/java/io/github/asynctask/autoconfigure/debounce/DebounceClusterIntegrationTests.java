package io.github.asynctask.autoconfigure.debounce;

import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Debounce on a three-master Redis Cluster, the queue in four shards: a bizId's tasks and
 * dedup key share its shard's slot.
 */
@ExtendWith(RedisClusterExtension.class)
class DebounceClusterIntegrationTests {

	@Test
	void theLastSubmitWinsOnAShardedQueueOfACluster(RedisCluster cluster) {
		DebounceScenarios
			.runner("spring.data.redis.cluster.nodes=" + String.join(",", cluster.hostPorts()),
					"async-task.queues.index.shards=4")
			.run((context) -> {
				DebounceScenarios.theLastOfAHundredSubmitsRunsOnceAWindowAfterIt(context);
				Indexer.runs.clear();
				DebounceScenarios.aRunningTaskFinishesAndTheNewCallRunsBehindIt(context);
			});
	}

}
