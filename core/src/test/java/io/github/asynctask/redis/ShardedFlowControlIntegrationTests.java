package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sharded queue keeps the flow-control promises of one queue: its rate limit holds for
 * the queue as a whole, across shards and callers, and the tasks of one concurrency key
 * meet one counter whichever shard each would have gone to.
 */
class ShardedFlowControlIntegrationTests extends BrokerIntegrationTestSupport {

	static final Duration LEASE = Duration.ofSeconds(30);

	private static final @Nullable RateLimit NO_LIMIT = null;

	private final ShardedRedisBroker sharded = new ShardedRedisBroker(this.broker, Map.of("q", 4));

	@Test
	void aRateLimitHoldsForTheWholeQueueAcrossShardsAndInstances() {
		enqueue(40);
		RateLimit fivePerMinute = new RateLimit(5, Duration.ofMinutes(1));
		ShardedRedisBroker other = new ShardedRedisBroker(new LuaRedisBroker(connectionFactory, new RedisKeys("test")),
				Map.of("q", 4));
		int taken = 0;
		for (int i = 0; i < 8; i++) {
			ShardedRedisBroker instance = (i % 2 == 0) ? this.sharded : other;
			taken += instance.dequeue("q", 40, LEASE, fivePerMinute).deliveries().size();
		}
		assertThat(taken).isEqualTo(5);
		Dequeued held = this.sharded.dequeue("q", 40, LEASE, fivePerMinute);
		assertThat(held.limited()).isTrue();
		assertThat(held.retryAfter()).isBetween(Duration.ofSeconds(58), Duration.ofSeconds(61));
		assertThat(this.sharded.stats("q").pending()).isEqualTo(35);
	}

	/**
	 * Two instances fetch as fast as they can for five periods of 5/300ms; no window of
	 * 300 ms of Redis hand-out times (the active sets' lease deadlines minus the lease)
	 * holds more than 5.
	 */
	@Test
	void noWindowOfHandOutTimesHoldsMoreThanTheLimit() throws Exception {
		enqueue(200);
		RateLimit limit = new RateLimit(5, Duration.ofMillis(300));
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			List<Future<?>> running = new ArrayList<>();
			for (int t = 0; t < 2; t++) {
				ShardedRedisBroker instance = new ShardedRedisBroker(
						new LuaRedisBroker(connectionFactory, new RedisKeys("test")), Map.of("q", 4));
				running.add(threads.submit(() -> {
					long end = System.nanoTime() + Duration.ofMillis(1500).toNanos();
					while (System.nanoTime() < end) {
						instance.dequeue("q", 4, LEASE, limit);
					}
				}));
			}
			for (Future<?> future : running) {
				future.get();
			}
		}
		finally {
			threads.shutdownNow();
		}
		List<Long> handedOut = handOutTimes();
		assertThat(handedOut).hasSizeGreaterThanOrEqualTo(10);
		assertThat(mostInAnyWindow(handedOut, 300)).isLessThanOrEqualTo(5);
	}

	@Test
	void aQueueWithoutALimitWritesNoLog() {
		enqueue(8);
		assertThat(this.sharded.dequeue("q", 8, LEASE, NO_LIMIT).deliveries()).hasSize(8);
		assertThat(fixture.redis.cli("EXISTS", this.keys.rate("q"))).isEqualTo("0");
	}

	@Test
	void theTasksOfOneKeyMeetOneCounterWhateverTheirShard() {
		for (int i = 0; i < 8; i++) {
			this.sharded.enqueue(EnqueueRequest.now("q", "k-" + i, "t", "{}", 0).withConcurrencyKey("tenant-1", 1));
		}
		List<Delivery> taken = this.sharded.dequeue("q", 8, LEASE, NO_LIMIT).deliveries();
		assertThat(taken).hasSize(1);
		assertThat(this.sharded.dequeue("q", 8, LEASE, NO_LIMIT).deliveries()).isEmpty();
		this.sharded.complete(taken.get(0), Duration.ZERO);
		assertThat(this.sharded.dequeue("q", 8, LEASE, NO_LIMIT).deliveries()).hasSize(1);
	}

	@Test
	void aKeyedTaskWithABizIdIsDeduplicatedOnItsKeysShard() {
		EnqueueRequest first = EnqueueRequest.now("q", "b-1", "t", "{}", 0)
			.withBizId("order-7", Duration.ofMinutes(1))
			.withConcurrencyKey("tenant-1", 1);
		assertThat(this.sharded.enqueue(first).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
		EnqueueRequest resent = EnqueueRequest.now("q", "b-2", "t", "{}", 0)
			.withBizId("order-7", Duration.ofMinutes(1))
			.withConcurrencyKey("tenant-1", 1);
		assertThat(this.sharded.enqueue(resent).outcome()).isEqualTo(EnqueueResult.Outcome.DUPLICATE);
		assertThat(this.sharded.stats("q").pending()).isEqualTo(1);
	}

	private void enqueue(int count) {
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			requests.add(EnqueueRequest.now("q", "task-" + i, "t", "{}", 0));
		}
		this.sharded.enqueueAll(requests);
	}

	/**
	 * When each active task of every shard was handed out, by Redis's clock, in order.
	 */
	private List<Long> handOutTimes() {
		List<Long> times = new ArrayList<>();
		for (String shard : this.sharded.layout().served("q")) {
			String[] reply = fixture.redis.cli("ZRANGE", this.keys.active(shard), "0", "-1", "WITHSCORES").split("\n");
			for (int i = 1; i < reply.length; i += 2) {
				times.add(Long.parseLong(reply[i]) - LEASE.toMillis());
			}
		}
		times.sort(null);
		return times;
	}

	static int mostInAnyWindow(List<Long> sortedTimes, long windowMillis) {
		int most = 0;
		int from = 0;
		for (int to = 0; to < sortedTimes.size(); to++) {
			while (sortedTimes.get(to) - sortedTimes.get(from) >= windowMillis) {
				from++;
			}
			most = Math.max(most, to - from + 1);
		}
		return most;
	}

}
