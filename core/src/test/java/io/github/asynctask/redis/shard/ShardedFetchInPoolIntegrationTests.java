package io.github.asynctask.redis.shard;

import java.time.Duration;
import java.util.Map;

import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sharded queue whose fetcher fetches again and again without waiting, as the fetcher
 * of a pool does while another queue of the pool has work: every shard is looked at
 * within bounded fetches, not only the shard it last waited on.
 */
class ShardedFetchInPoolIntegrationTests extends BrokerIntegrationTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private final ShardedRedisBroker sharded = new ShardedRedisBroker(this.broker, Map.of("high", 4));

	@Test
	void aFetcherThatStopsWaitingLooksAtEveryShardWithinTwoFetches() {
		ShardCursor cursor = this.sharded.layout().cursor("high");
		assertThat(this.sharded.dequeue("high", 1, LEASE)).as("every shard empty: idle").isEmpty();
		// the pool was idle once: its fetcher waited on one shard's wake-up list
		int waited = cursor.nextWait(4);
		assertThat(this.sharded.dequeue("high", 1, LEASE)).isEmpty();
		// then another queue of the pool got work: the fetcher never waits again, and
		// tasks arrive on every shard but the one it waited on
		for (int shard = 0; shard < 4; shard++) {
			if (shard != waited) {
				this.broker.enqueue(EnqueueRequest.now(ShardName.of("high", shard), "t" + shard, "t", "{}", 0));
			}
		}
		int fetched = 0;
		for (int fetch = 0; fetch < 2 * 3; fetch++) {
			fetched += this.sharded.dequeue("high", 1, LEASE).size();
		}
		assertThat(fetched).as("tasks fetched in 6 fetches from 3 shards not waited on").isEqualTo(3);
	}

}
