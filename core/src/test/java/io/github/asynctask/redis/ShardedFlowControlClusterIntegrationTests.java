package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.ClusterConnectionExtension;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sharded queue's flow control on a local 3-master Redis Cluster, where its shards sit
 * on different masters: the rate limit's log is in the queue's own slot, asked apart from
 * the shards' slots (no call crosses slots), and a key's tasks share one shard.
 */
@ExtendWith(ClusterConnectionExtension.class)
class ShardedFlowControlClusterIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static ShardedRedisBroker sharded;

	@BeforeAll
	static void connect(LettuceConnectionFactory connectionFactory) {
		sharded = new ShardedRedisBroker(new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask")),
				Map.of("limited", 4, "keyed", 4));
	}

	@Test
	void aRateLimitHoldsForTheWholeQueueWhoseShardsSitOnSeveralMasters() {
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < 40; i++) {
			requests.add(EnqueueRequest.now("limited", "limited-" + i, "t", "{}", 0));
		}
		sharded.enqueueAll(requests);
		assertThat(sharded.shardStats("limited")).allSatisfy((stats) -> assertThat(stats.pending()).isPositive());
		RateLimit limit = new RateLimit(5, Duration.ofMinutes(1));
		int taken = 0;
		for (int i = 0; i < 6; i++) {
			taken += sharded.dequeue("limited", 40, LEASE, limit).deliveries().size();
		}
		assertThat(taken).isEqualTo(5);
		assertThat(sharded.dequeue("limited", 40, LEASE, limit).limited()).isTrue();
	}

	@Test
	void aKeysTasksMeetOneCounter() {
		for (int i = 0; i < 8; i++) {
			sharded.enqueue(EnqueueRequest.now("keyed", "keyed-" + i, "t", "{}", 0).withConcurrencyKey("tenant", 1));
		}
		List<Delivery> taken = sharded.dequeue("keyed", 8, LEASE, null).deliveries();
		assertThat(taken).hasSize(1);
		sharded.complete(taken.get(0), Duration.ZERO);
		assertThat(sharded.dequeue("keyed", 8, LEASE, null).deliveries()).hasSize(1);
	}

}
