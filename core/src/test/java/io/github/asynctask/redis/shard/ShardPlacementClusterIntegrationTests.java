package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.UUID;

import io.github.asynctask.ClusterConnectionExtension;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.awaitility.Awaitility.await;

/**
 * Where a sharded queue's tasks are looked for, on a local 3-master Redis Cluster, where
 * the shards under each count live in different slots ({@link ShardPlacementChecks}).
 */
@ExtendWith(ClusterConnectionExtension.class)
class ShardPlacementClusterIntegrationTests {

	private static LuaRedisBroker broker;

	private final String suffix = UUID.randomUUID().toString().substring(0, 8);

	@BeforeAll
	static void connect(LettuceConnectionFactory connectionFactory) {
		broker = new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask"));
		// the first connection to each master may take longer than a call's timeout on a
		// loaded machine
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> broker.knownQueues() != null);
	}

	@Test
	void aDependentFindsACompletedPredecessorPlacedByItsBizId() {
		ShardPlacementChecks.aDependentFindsACompletedPredecessorPlacedByItsBizId(broker, "flows-" + this.suffix);
	}

	@Test
	void aBizIdSubmittedUnderFourShardsIsADuplicateUnderEight() {
		ShardPlacementChecks.aBizIdIsRememberedAcrossAResize(broker, "orders-" + this.suffix, 4, 8);
	}

	@Test
	void aBizIdSubmittedUnderEightShardsIsADuplicateUnderFour() {
		ShardPlacementChecks.aBizIdIsRememberedAcrossAResize(broker, "lowered-" + this.suffix, 8, 4);
	}

	@Test
	void aDebouncedBizIdTakesTheLastArgumentsAfterTheShardCountRose() {
		ShardPlacementChecks.aDebouncedBizIdTakesTheLastArgumentsAcrossAResize(broker, "docs-" + this.suffix, 4, 8);
	}

	@Test
	void anIdCompletedUnderFourShardsIsNotRunAgainUnderEight() {
		ShardPlacementChecks.aCompletedIdIsRememberedAcrossAResize(broker, "mail-" + this.suffix);
	}

}
