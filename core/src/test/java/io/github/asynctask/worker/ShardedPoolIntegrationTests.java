package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisWakeSignals;
import io.github.asynctask.redis.ShardedRedisBroker;
import io.github.asynctask.redis.ShardedWakeSignals;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A sharded queue in a pool, through a whole container: once the pool has been idle,
 * every shard of the queue is still looked at while another queue of the pool keeps the
 * fetcher busy.
 */
@ExtendWith(RedisExtension.class)
class ShardedPoolIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private WorkerHarness harness;

	@BeforeEach
	void setUp(RedisServer redis) {
		redis.flushAll();
		this.harness = new WorkerHarness(redis);
	}

	@AfterEach
	void tearDown() {
		this.harness.close();
	}

	@Test
	void aStrictPoolRunsNoLowTaskWhileTheHighQueueHasTasksOnAnyShard() {
		ShardedRedisBroker sharded = new ShardedRedisBroker(this.harness.broker, Map.of("high", 4));
		FlowControlIntegrationTests.Starts starts = new FlowControlIntegrationTests.Starts();
		Map<String, Integer> weights = new java.util.LinkedHashMap<>();
		weights.put("high", 1);
		weights.put("low", 1);
		WorkerSettings settings = WorkerHarness.settings(Map.of())
			.pools(Map.of("main", new QueuePool("main", 1, weights, true)))
			.build();
		this.harness.start(sharded,
				new ShardedWakeSignals(new RedisWakeSignals(this.harness.connectionFactory, this.harness.keys),
						sharded.layout()),
				settings, (b) -> b.listener(starts));
		// the pool goes idle: its fetcher waits on one shard's wake-up list at a time
		await().atMost(WAIT).until(() -> this.harness.redis.cli("CLIENT", "LIST").contains("cmd=blpop"));
		// then the low queue keeps the fetcher busy, so it does not wait again...
		this.harness.broker.enqueueAll(requests("low", 400));
		await().atMost(WAIT).until(() -> starts.size() >= 5);
		// ...while high tasks land on one shard, which is not the shard it last waited on
		// for 3 of 4 shards (this test caught the old fetch then)
		List<EnqueueRequest> high = new ArrayList<>();
		requests("high#1", 10).forEach(high::add);
		this.harness.broker.enqueueAll(high);
		int from = starts.size();
		await().atMost(WAIT).until(() -> starts.size() == 410);
		List<String> after = starts.queues().subList(from, 410);
		int lastHigh = after.lastIndexOf("high");
		assertThat(after.subList(0, lastHigh + 1).stream().filter("low"::equals).count())
			.as("low tasks started before the last high one (one fetch may be under way): %s", after)
			.isLessThanOrEqualTo(1);
	}

	private List<EnqueueRequest> requests(String queue, int count) {
		EnqueueRequest template = this.harness.request("count", Map.of(), "k");
		List<EnqueueRequest> batch = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			batch.add(EnqueueRequest.now(queue, UUID.randomUUID().toString(), "count", template.payload(), 3));
		}
		return batch;
	}

}
