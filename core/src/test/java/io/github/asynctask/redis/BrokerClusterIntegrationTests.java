package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.ClusterConnectionExtension;
import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskState;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.connection.RedisEnvironmentCheck;
import io.github.asynctask.redis.connection.RedisVersion;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.store.ScheduleStore;
import io.github.asynctask.redis.store.TaskPages;
import io.github.asynctask.test.RedisCluster;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same scripts, unchanged, on a local 3-master Redis Cluster: every key of a script
 * shares the queue's hash tag, so no call fails with CROSSSLOT, whichever shard owns the
 * queue (the schedule scripts too: a schedule's state shares its queue's slot).
 */
@ExtendWith(ClusterConnectionExtension.class)
class BrokerClusterIntegrationTests {

	private static LuaRedisBroker broker;

	private static ScheduleStore store;

	@BeforeAll
	static void connect(LettuceConnectionFactory connectionFactory) {
		broker = new LuaRedisBroker(connectionFactory, new RedisKeys("asynctask"));
		store = new ScheduleStore(connectionFactory, new RedisKeys("asynctask"), Duration.ofSeconds(5));
	}

	/** The rate-limit log shares the queue's tag: the limited fetch runs on any shard. */
	@ParameterizedTest
	@ValueSource(strings = { "limited-a", "limited-b", "limited-c", "limited-d" })
	void aRateLimitedFetchRunsOnTheShardOwningTheQueue(String queue) {
		for (int i = 0; i < 3; i++) {
			broker.enqueue(EnqueueRequest.now(queue, queue + "-" + i, "t", "{}", 1));
		}
		RateLimit limit = new RateLimit(2, Duration.ofMinutes(1));
		Dequeued first = broker.dequeue(queue, 3, Duration.ofSeconds(30), limit);
		assertThat(first.deliveries()).hasSize(2);
		assertThat(first.limited()).isTrue();
		assertThat(broker.dequeue(queue, 3, Duration.ofSeconds(30), limit).deliveries()).isEmpty();
	}

	@Test
	void theEnvironmentCheckReadsTheVersionAndPolicyOfEveryNode(RedisCluster cluster,
			LettuceConnectionFactory connectionFactory) {
		RedisEnvironmentCheck check = new RedisEnvironmentCheck(connectionFactory, true);
		assertThat(check.version()).isNotNull().matches(RedisVersion::isSupported);
		assertThat(check.evictionPolicy()).isEqualTo("noeviction");
		RedisServer evicting = cluster.nodes().get(1);
		evicting.cli("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		try {
			assertThat(check.evictionPolicy()).as("one evicting node is enough").isEqualTo("allkeys-lru");
		}
		finally {
			evicting.cli("CONFIG", "SET", "maxmemory-policy", "noeviction");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "default", "mail", "orders", "reports" })
	void theConsoleScriptsRunOnTheShardOwningTheQueue(String queue, LettuceConnectionFactory connectionFactory) {
		RedisKeys keys = new RedisKeys("asynctask");
		TaskPages pages = new TaskPages(connectionFactory, keys, Duration.ofSeconds(5));
		BulkActions bulk = new BulkActions(connectionFactory, keys, Duration.ofSeconds(5));
		RedisHistory history = new RedisHistory(connectionFactory, keys, Duration.ofSeconds(5));
		broker.enqueue(EnqueueRequest.now(queue, queue + "-c1", "t", "{}", 1).withBizId("b-1", Duration.ofMinutes(1)));
		broker.enqueue(EnqueueRequest.now(queue, queue + "-c2", "t", "{}", 1).withDelay(Duration.ofHours(1)));
		Delivery delivery = broker.dequeue(queue, 1, Duration.ofSeconds(30)).get(0);
		broker.kill(delivery, "boom", "{\"error\":\"X\"}");
		assertThat(pages.page(queue, "dead", true, 0, 10, 100).tasks()).singleElement()
			.satisfies((task) -> assertThat(task.meta()).contains("\"h\""));
		assertThat(pages.lookup(queue, List.of("t"), "b-1")).extracting(TaskPages.BizIdHolder::taskId)
			.containsExactly(queue + "-c1");
		assertThat(pages.inspect(queue, queue + "-c2").orElseThrow().scheduledAt()).isNotNull();
		assertThat(bulk.runNow(queue, queue + "-c2")).isEqualTo(1);
		assertThat(bulk.apply(queue, "dead", true, null, 10).acted()).isEqualTo(1);
		Delivery running = broker.dequeue(queue, 1, Duration.ofSeconds(30)).get(0);
		assertThat(bulk.stop(queue, running.id(), "killed")).isEqualTo(1);
		java.time.Instant now = java.time.Instant.now();
		history.add(queue, now, 3, 1);
		assertThat(history.read(queue, now, 60, 90).perMinute().get(59).processed()).isEqualTo(3);
		bulk.apply(queue, "dead", false, null, 10);
		bulk.apply(queue, "pending", false, null, 10);
	}

	@ParameterizedTest
	@ValueSource(strings = { "default", "mail", "orders", "reports" })
	void everyTransitionRunsOnTheShardOwningTheQueue(String queue) {
		EnqueueRequest plain = EnqueueRequest.now(queue, queue + "-1", "t", "{}", 1);
		// retries to spare: after the forward, either -2 (its second delivery) or -4 (its
		// first) may be the one recovered, depending on whether Redis's clock moved a ms
		// since the submits; each must go to retry, not dead, for the counts below
		EnqueueRequest deduped = EnqueueRequest.now(queue, queue + "-2", "t", "{}", 5)
			.withBizId("biz:{x}", Duration.ofMinutes(1));
		assertThat(broker.enqueueAll(List.of(plain, deduped))).extracting(EnqueueResult::outcome)
			.containsExactly(EnqueueResult.Outcome.ENQUEUED, EnqueueResult.Outcome.ENQUEUED);
		assertThat(broker
			.enqueue(EnqueueRequest.now(queue, queue + "-3", "t", "{}", 1).withBizId("biz:{x}", Duration.ofMinutes(1)))
			.outcome()).isEqualTo(EnqueueResult.Outcome.DUPLICATE);
		broker.enqueue(EnqueueRequest.now(queue, queue + "-4", "t", "{}", 1).withDelay(Duration.ofMillis(1)));

		List<Delivery> taken = broker.dequeue(queue, 10, Duration.ofSeconds(30));
		assertThat(taken).hasSize(2);
		assertThat(broker.extendLeases(queue, List.of(taken.get(0).deliveryToken()), Duration.ofMinutes(1))).isEmpty();
		assertThat(broker.complete(taken.get(0), Duration.ofMinutes(1))).isEqualTo(AckResult.APPLIED);
		assertThat(broker.retry(taken.get(1), Duration.ZERO, "boom")).isEqualTo(AckResult.APPLIED);
		awaitForwarded(queue, 2);
		Delivery again = broker.dequeue(queue, 1, Duration.ZERO).get(0);
		assertThat(broker.recover(queue, 10, Duration.ZERO).recovered()).isEqualTo(1);
		Delivery last = broker.dequeue(queue, 10, Duration.ofSeconds(30)).get(0);
		assertThat(broker.kill(last, "dead")).isEqualTo(AckResult.APPLIED);
		assertThat(broker.retryDead(queue, last.id())).isTrue();
		Delivery requeued = broker.dequeue(queue, 10, Duration.ofSeconds(30)).get(0);
		assertThat(broker.requeue(requeued)).isEqualTo(AckResult.APPLIED);
		Delivery unknown = broker.dequeue(queue, 1, Duration.ofSeconds(30)).get(0);
		assertThat(broker.handBack(unknown, Duration.ofMinutes(1), Duration.ofMinutes(1), Duration.ofHours(1),
				"not defined here", "not defined anywhere"))
			.isEqualTo(HandBackResult.HANDED_BACK);
		broker.pause(queue);
		assertThat(broker.dequeue(queue, 10, Duration.ofSeconds(30))).isEmpty();
		broker.resume(queue);
		QueueStats stats = broker.stats(queue);
		assertThat(stats.completed()).isEqualTo(1);
		assertThat(stats.pending() + stats.retry()).isEqualTo(2);
		assertThat(broker.find(queue, again.id())).isPresent();
		assertThat(broker.list(queue, TaskState.COMPLETED, 0, 10)).hasSize(1);
		assertThat(broker.trim(queue, Duration.ofDays(1), 10, 10).dropped()).isZero();
		assertThat(broker.forgetQueueIfIdle(queue, Duration.ofDays(1))).isFalse();
		assertThat(broker.delete(queue, requeued.id())).isTrue();
		assertThat(broker.bury(queue, queue + "-bad", "{not json", "unreadable outbox row")).isTrue();
		assertThat(broker.find(queue, queue + "-bad"))
			.hasValueSatisfying((info) -> assertThat(info.state()).isEqualTo(TaskState.DEAD));
		assertThat(broker.bury(queue, queue + "-1", "x", "again")).as("an id Redis holds is left alone").isFalse();
		// the console test counts this queue's dead tasks on the same cluster
		assertThat(broker.delete(queue, queue + "-bad")).isTrue();
		broker.heartbeat("instance-" + queue, "{}", Duration.ofMinutes(1));
		assertThat(broker.instances()).containsKey("instance-" + queue);
		broker.registerQueues(List.of(queue));
		assertThat(broker.knownQueues()).contains(queue);
	}

	private static void awaitForwarded(String queue, int expected) {
		int moved = 0;
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (moved < expected && System.nanoTime() < deadline) {
			moved += broker.forward(queue, 10).moved();
		}
		assertThat(moved).isEqualTo(expected);
	}

	@ParameterizedTest
	@ValueSource(strings = { "default", "mail", "orders", "reports" })
	void aScheduleTickCreatesItsTaskOnTheShardOwningTheQueue(String queue) {
		TickResult reset = store.tick(request(queue, -1, List.of()));
		assertThat(reset.code()).isEqualTo(TickResult.Code.RESET);
		assertThat(store.tick(request(queue, 0, List.of())).code()).isEqualTo(TickResult.Code.STALE);
		// a tick one ms after the reset: due once Redis time has moved on by a
		// millisecond
		List<TickRequest.Candidate> tick = List.of(new TickRequest.Candidate(reset.last() + 1, queue + "-t", "[]"));
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		TickResult fired = store.tick(request(queue, reset.last(), tick));
		while (fired.fired() == 0 && System.nanoTime() < deadline) {
			assertThat(fired.code()).isEqualTo(TickResult.Code.APPLIED);
			fired = store.tick(request(queue, reset.last(), tick));
		}
		assertThat(fired.createdIds()).containsExactly(queue + "-t");
		assertThat(broker.find(queue, queue + "-t")).isPresent();
		assertThat(store.state(queue, "report")).hasValueSatisfying((state) -> {
			assertThat(state.lastTaskId()).isEqualTo(queue + "-t");
			assertThat(state.lastFired()).isEqualTo(reset.last() + 1);
			assertThat(state.lastTaskState()).isEqualTo("p");
		});
	}

	private static TickRequest request(String queue, long from, List<TickRequest.Candidate> candidates) {
		return new TickRequest(queue, "report", 0, "every:1000", from, "once", true, -1, Duration.ofDays(7),
				candidates);
	}

}
