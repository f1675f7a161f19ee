package io.github.asynctask.redis.shard;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.asynctask.QueueStats;
import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.AckResult;
import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.RedisBroker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A sharded queue on a standalone Redis, one broker call at a time: where submits land,
 * how a fetch walks the shards, and how stats, find, list, delete, pause and the registry
 * read as one queue.
 */
class ShardedRedisBrokerIntegrationTests extends BrokerIntegrationTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private final ShardedRedisBroker sharded = new ShardedRedisBroker(this.broker, Map.of("q", 4));

	@Test
	void anUnshardedQueueKeepsItsKeys() {
		ShardedRedisBroker plain = new ShardedRedisBroker(this.broker, Map.of());
		plain.enqueue(EnqueueRequest.now("q", "a", "t", "{}", 0));
		assertThat(fixture.llen(this.keys.pending("q"))).isEqualTo(1);
		assertThat(plain.layout().served("q")).containsExactly("q");
	}

	@Test
	void submitsSpreadOverTheShardsAndEachShardIsAQueueOfItsOwnSlot() {
		enqueue(400);
		List<QueueStats> shards = this.sharded.shardStats("q");
		assertThat(shards).extracting(QueueStats::queue).containsExactly("q", "q#1", "q#2", "q#3");
		assertThat(shards).allSatisfy((stats) -> assertThat(stats.pending()).isBetween(60L, 140L));
		assertThat(fixture.llen("test:{q#3}:pending")).isEqualTo(shards.get(3).pending());
		QueueStats total = this.sharded.stats("q");
		assertThat(total.queue()).isEqualTo("q");
		assertThat(total.pending()).isEqualTo(400);
	}

	@Test
	void theSameBizIdAlwaysGoesToTheSameShard() {
		for (int i = 0; i < 20; i++) {
			EnqueueResult result = this.sharded
				.enqueue(EnqueueRequest.now("q", "id-" + i, "t", "{}", 0).withBizId("order-7", Duration.ofMinutes(1)));
			assertThat(result.outcome())
				.isEqualTo((i == 0) ? EnqueueResult.Outcome.ENQUEUED : EnqueueResult.Outcome.DUPLICATE);
		}
		assertThat(this.sharded.stats("q").pending()).isEqualTo(1);
	}

	@Test
	void aFetchKeepsToTheShardThatFilledItAndTakesFromTheNextWhenOneRunsDry() {
		enqueue(40);
		List<String> shards = this.sharded.layout().served("q");
		List<Integer> sizes = this.sharded.shardStats("q").stream().map((s) -> (int) s.pending()).toList();
		List<Delivery> first = this.sharded.dequeue("q", 1, LEASE);
		int at = shards.indexOf(first.get(0).queue());
		// filled from one shard: the next fetch starts there again, so what runs at once
		// comes from one shard and its acks group into one call
		List<Delivery> second = this.sharded.dequeue("q", 1, LEASE);
		assertThat(second.get(0).queue()).isEqualTo(shards.get(at));
		// more than that shard still holds: the rest comes from the next one...
		int left = sizes.get(at) - 2;
		List<Delivery> third = this.sharded.dequeue("q", left + 2, LEASE);
		assertThat(third).hasSize(left + 2);
		assertThat(third.stream().map(Delivery::queue).collect(Collectors.toSet()))
			.containsExactlyInAnyOrder(shards.get(at), shards.get((at + 1) % 4));
		// ...where the next fetch starts
		assertThat(this.sharded.dequeue("q", 1, LEASE).get(0).queue()).isEqualTo(shards.get((at + 1) % 4));
		List<Delivery> rest = this.sharded.dequeue("q", 100, LEASE);
		assertThat(first.size() + second.size() + third.size() + 1 + rest.size()).isEqualTo(40);
		assertThat(this.sharded.stats("q").active()).isEqualTo(40);
		// a delivery names its shard, so its ack goes there
		assertThat(this.sharded.complete(rest.get(0), Duration.ZERO)).isEqualTo(AckResult.APPLIED);
		assertThat(this.sharded.stats("q").active()).isEqualTo(39);
	}

	@Test
	void aShardKeepsTheFetchesForABoundedRunThenTheNextShardGetsItsTurn() {
		enqueue(400);
		List<String> shards = this.sharded.layout().served("q");
		List<String> fetchedFrom = new ArrayList<>();
		for (int i = 0; i < ShardCursor.STAY * 3; i++) {
			fetchedFrom.add(this.sharded.dequeue("q", 1, LEASE).get(0).queue());
		}
		int at = shards.indexOf(fetchedFrom.get(0));
		for (int turn = 0; turn < 3; turn++) {
			assertThat(fetchedFrom.subList(turn * ShardCursor.STAY, (turn + 1) * ShardCursor.STAY))
				.as("fetches %d..%d", turn * ShardCursor.STAY, (turn + 1) * ShardCursor.STAY - 1)
				.containsOnly(shards.get((at + turn) % 4));
		}
	}

	@Test
	void aFetchThatFindsTooFewEverywhereMovesTheNextStartOn() {
		// enough tasks that every shard holds some, so the first delivery names the start
		enqueue(40);
		List<String> shards = this.sharded.layout().served("q");
		assertThat(this.sharded.shardStats("q")).allSatisfy((stats) -> assertThat(stats.pending()).isPositive());
		List<Delivery> all = this.sharded.dequeue("q", 100, LEASE);
		assertThat(all).hasSize(40);
		enqueue("more-", 400);
		assertThat(this.sharded.shardStats("q")).allSatisfy((stats) -> assertThat(stats.pending()).isPositive());
		int allStartedAt = shards.indexOf(all.get(0).queue());
		assertThat(this.sharded.dequeue("q", 1, LEASE).get(0).queue()).isEqualTo(shards.get((allStartedAt + 1) % 4));
	}

	@Test
	void instancesStartAtDifferentShards() {
		enqueue(40);
		Set<String> starts = new HashSet<>();
		for (int i = 0; i < 30; i++) {
			starts.add(new ShardedRedisBroker(this.broker, Map.of("q", 4)).dequeue("q", 1, LEASE).get(0).queue());
		}
		assertThat(starts).hasSizeGreaterThan(1);
	}

	@Test
	void aShardThatCannotBeReachedIsSkippedAndTheFetchFailsOnlyWhenAllDo() {
		enqueue(40);
		Set<String> down = new HashSet<>(Set.of("q#2"));
		RedisBroker failing = (RedisBroker) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { RedisBroker.class }, (proxy, method, args) -> {
					if (method.getName().equals("dequeue") && down.contains((String) args[0])) {
						throw new RedisUnavailableException("shard " + args[0] + " is down",
								new IllegalStateException());
					}
					try {
						return method.invoke(this.broker, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
		ShardedRedisBroker partly = new ShardedRedisBroker(failing, Map.of("q", 4));
		List<Delivery> taken = partly.dequeue("q", 100, LEASE);
		assertThat(taken).extracting(Delivery::queue).doesNotContain("q#2").contains("q", "q#1", "q#3");
		down.addAll(List.of("q", "q#1", "q#3"));
		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> partly.dequeue("q", 100, LEASE));
	}

	@Test
	void findListDeleteAndRetryDeadLookInEveryShardAndNameTheQueue() {
		List<String> ids = enqueue(12);
		List<Delivery> taken = this.sharded.dequeue("q", 12, LEASE);
		taken.forEach((delivery) -> this.sharded.kill(delivery, "boom"));
		TaskInfo found = this.sharded.find("q", ids.get(5)).orElseThrow();
		assertThat(found.queue()).isEqualTo("q");
		assertThat(found.state()).isEqualTo(TaskState.DEAD);
		List<TaskInfo> page1 = this.sharded.list("q", TaskState.DEAD, 0, 5);
		List<TaskInfo> page2 = this.sharded.list("q", TaskState.DEAD, 5, 10);
		List<String> listed = new ArrayList<>();
		page1.forEach((info) -> listed.add(info.id()));
		page2.forEach((info) -> listed.add(info.id()));
		assertThat(page1).hasSize(5).extracting(TaskInfo::queue).containsOnly("q");
		assertThat(listed).containsExactlyInAnyOrderElementsOf(ids);
		assertThat(this.sharded.retryDead("q", ids.get(1))).isTrue();
		assertThat(this.sharded.delete("q", ids.get(2))).isTrue();
		assertThat(this.sharded.delete("q", "nope")).isFalse();
		QueueStats stats = this.sharded.stats("q");
		assertThat(stats.dead()).isEqualTo(10);
		assertThat(stats.pending()).isEqualTo(1);
	}

	@Test
	void pauseStopsEveryShard() {
		enqueue(20);
		this.sharded.pause("q");
		assertThat(this.sharded.stats("q").paused()).isTrue();
		assertThat(this.sharded.dequeue("q", 20, LEASE)).isEmpty();
		this.sharded.resume("q");
		assertThat(this.sharded.dequeue("q", 20, LEASE)).hasSize(20);
	}

	@Test
	void scheduledTasksOfEveryShardAreForwarded() {
		for (int i = 0; i < 20; i++) {
			this.sharded.enqueue(EnqueueRequest.now("q", "s" + i, "t", "{}", 0).withDelay(Duration.ofMillis(1)));
		}
		org.awaitility.Awaitility.await()
			.atMost(Duration.ofSeconds(5))
			.until(() -> this.sharded.forward("q", 100).moved() == 0 && this.sharded.stats("q").pending() == 20);
		assertThat(this.sharded.shardStats("q")).allSatisfy((stats) -> assertThat(stats.scheduled()).isZero());
	}

	@Test
	void theRegistryHoldsTheShardsAndListsTheQueueOnce() {
		this.sharded.registerQueues(List.of("q", "other"));
		assertThat(fixture.redis.cli("ZRANGE", this.keys.queues(), "0", "-1").split("\\s+")).contains("q#3");
		assertThat(this.sharded.knownQueues()).containsExactlyInAnyOrder("q", "other");
		ShardedRedisBroker unaware = new ShardedRedisBroker(this.broker, Map.of("q", 2));
		assertThat(unaware.layout().served("q")).as("an instance configured with fewer serves all registered")
			.containsExactly("q", "q#1", "q#2", "q#3");
		assertThat(unaware.layout().configured("q")).isEqualTo(2);
	}

	@Test
	void servingIsMarkedUnderTheQueuesName() {
		assertThat(this.sharded.serving("q#2", "me", LEASE)).isEqualTo(1);
		assertThat(this.broker.serving("q", "other", LEASE)).isEqualTo(2);
	}

	private List<String> enqueue(int count) {
		return enqueue("task-", count);
	}

	private List<String> enqueue(String idPrefix, int count) {
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			requests.add(EnqueueRequest.now("q", idPrefix + i, "t", "{}", 0));
		}
		assertThat(this.sharded.enqueueAll(requests)).extracting(EnqueueResult::outcome)
			.containsOnly(EnqueueResult.Outcome.ENQUEUED);
		return requests.stream().map(EnqueueRequest::id).toList();
	}

}
