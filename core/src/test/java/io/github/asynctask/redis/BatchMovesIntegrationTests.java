package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.TaskState;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The forwarder and the recoverer move a batch with one removal from its sorted set (and
 * one push, one lease delete), not one command per task: their cost per call then grows
 * with the batch, not with the batch times the set's depth. A fetch and a group of acks
 * write their tasks with one command per step as well.
 */
class BatchMovesIntegrationTests extends BrokerIntegrationTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void forwardingABatchRemovesItFromItsSetInOneCommandAndPushesItInOne() {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 60; i++) {
			ids.add(fixture.enqueue());
		}
		for (Delivery delivery : this.broker.dequeue(QUEUE, 60, LEASE)) {
			this.broker.retry(delivery, Duration.ZERO, "boom");
		}
		fixture.redis.cli("CONFIG", "RESETSTAT");
		assertThat(this.broker.forward(QUEUE, 100).moved()).isEqualTo(60);
		assertThat(calls("zrem")).isZero();
		assertThat(calls("zremrangebyrank")).isEqualTo(1);
		assertThat(calls("lpush")).isEqualTo(1);
		assertThat(calls("hget")).isZero();
		assertThat(calls("hmget")).isEqualTo(1);
		assertThat(calls("hset")).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 100, LEASE)).extracting(Delivery::id)
			.containsExactlyInAnyOrderElementsOf(ids);
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isZero();
	}

	@Test
	void aForwardedScheduledTaskWaitsAsOneHashEntry() {
		EnqueueRequest later = BrokerFixture.request("later").withDelay(Duration.ofMillis(1));
		assertThat(this.broker.enqueue(later).outcome()).isEqualTo(EnqueueResult.Outcome.SCHEDULED);
		await().until(() -> this.broker.forward(QUEUE, 10).moved() == 1);
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
		assertThat(this.broker.find(QUEUE, "later").orElseThrow()).satisfies((info) -> {
			assertThat(info.state()).isEqualTo(TaskState.PENDING);
			assertThat(info.payload()).isEqualTo("{\"args\":[1]}");
		});
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(delivery.payload()).isEqualTo("{\"args\":[1]}");
		assertThat(this.broker.complete(delivery, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
	}

	@Test
	void recoveringABatchRemovesItsLeasesInOneCommandEach() {
		for (int i = 0; i < 50; i++) {
			fixture.enqueue();
		}
		assertThat(this.broker.dequeue(QUEUE, 50, Duration.ZERO)).hasSize(50);
		fixture.redis.cli("CONFIG", "RESETSTAT");
		assertThat(this.broker.recover(QUEUE, 100, Duration.ZERO).recovered()).isEqualTo(50);
		assertThat(calls("zrem")).isZero();
		assertThat(calls("zremrangebyrank")).isEqualTo(1);
		assertThat(calls("hget")).isZero();
		assertThat(calls("hmget")).isEqualTo(1);
		assertThat(calls("hset")).isEqualTo(2); // the metas; the payloads leaving the
												// one-field form
		assertThat(calls("zadd")).isEqualTo(1);
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isEqualTo(50);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isEqualTo(50);
		assertThat(fixture.redis.cli("HLEN", this.keys.leases(QUEUE))).isEqualTo("0");
	}

	@Test
	void aFetchReadsAndWritesItsTasksWithOneCommandPerStep() {
		for (int i = 0; i < 40; i++) {
			fixture.enqueue();
		}
		fixture.redis.cli("CONFIG", "RESETSTAT");
		assertThat(this.broker.dequeue(QUEUE, 40, LEASE)).hasSize(40);
		assertThat(calls("hget")).isZero();
		assertThat(calls("hmget")).isEqualTo(1);
		assertThat(calls("hset")).isEqualTo(2); // tasks, leases
		assertThat(calls("set")).isEqualTo(1); // the fetch record, with its expiry
		assertThat(calls("pexpire")).isZero();
		assertThat(calls("type")).isZero(); // no owed-report key: its type goes unchecked
		assertThat(calls("zadd")).isEqualTo(1);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isEqualTo(40);
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isEqualTo(40);
	}

	@Test
	void acknowledgingAGroupEndsItsDeliveriesWithOneCommandPerStepAndOneDeletePerTask() {
		for (int i = 0; i < 40; i++) {
			fixture.enqueue();
		}
		List<Delivery> deliveries = this.broker.dequeue(QUEUE, 40, LEASE);
		fixture.redis.cli("CONFIG", "RESETSTAT");
		assertThat(this.broker.completeAll(deliveries, Duration.ZERO)).hasSize(40).containsOnly(AckResult.APPLIED);
		assertThat(calls("hget")).isZero();
		// the leases; no flow waits on this queue, so its watchers are not read
		assertThat(calls("hmget")).isEqualTo(1);
		assertThat(calls("zrem")).isEqualTo(1);
		assertThat(calls("zadd")).isEqualTo(1); // the completed-ids window
		// each task's data; the leases and the payloads once
		assertThat(calls("hdel")).isEqualTo(40 + 2);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isZero();
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.done(QUEUE))).isEqualTo(40);
	}

	/**
	 * Lua's unpack takes about 8,000 values: a fetch and an ack group beyond that read
	 * and write in chunks.
	 */
	@Test
	void aFetchAndAnAckGroupBeyondOneCallsArgumentLimitAreSplitIntoChunks() {
		int count = 9_000;
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			requests.add(BrokerFixture.request(String.format("big-%05d", i)));
		}
		for (int from = 0; from < count; from += 500) {
			this.broker.enqueueAll(requests.subList(from, from + 500));
		}
		List<Delivery> deliveries = this.broker.dequeue(QUEUE, count, LEASE);
		assertThat(deliveries).hasSize(count);
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isEqualTo(count);
		assertThat(this.broker.completeAll(deliveries, Duration.ZERO)).hasSize(count).containsOnly(AckResult.APPLIED);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.done(QUEUE))).isEqualTo(count);
	}

	@Test
	void anEnqueueCallMixingNamesRetriesStatesAndBizIdsWritesEachTasksOwnMeta() {
		List<EnqueueRequest> requests = List.of(EnqueueRequest.now(QUEUE, "a1", "task.a", "{\"args\":[1]}", 1),
				EnqueueRequest.now(QUEUE, "b1", "task.b", "{\"args\":[2]}", 1),
				EnqueueRequest.now(QUEUE, "a2", "task.a", "{\"args\":[3]}", 2),
				EnqueueRequest.now(QUEUE, "a1-later", "task.a", "{\"args\":[4]}", 1).withDelay(Duration.ofHours(1)),
				EnqueueRequest.now(QUEUE, "a1-biz", "task.a", "{\"args\":[5]}", 1)
					.withBizId("order-7", Duration.ofMinutes(5)),
				EnqueueRequest.now(QUEUE, "a1-again", "task.a", "{\"args\":[6]}", 1));
		assertThat(this.broker.enqueueAll(requests)).extracting(EnqueueResult::outcome)
			.containsExactly(EnqueueResult.Outcome.ENQUEUED, EnqueueResult.Outcome.ENQUEUED,
					EnqueueResult.Outcome.ENQUEUED, EnqueueResult.Outcome.SCHEDULED, EnqueueResult.Outcome.ENQUEUED,
					EnqueueResult.Outcome.ENQUEUED);
		assertThat(requests).allSatisfy(
				(request) -> assertThat(this.broker.find(QUEUE, request.id()).orElseThrow()).satisfies((info) -> {
					assertThat(info.name()).isEqualTo(request.name());
					assertThat(info.maxRetries()).isEqualTo(request.maxRetries());
					assertThat(info.payload()).isEqualTo(request.payload());
					assertThat(info.state())
						.isEqualTo(request.id().endsWith("later") ? TaskState.SCHEDULED : TaskState.PENDING);
				}));
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), "a2"))
			.matches("3\\|p\\|2\\|[0-9a-z]{8}\\|\\|task\\.a\n\\{\"args\":\\[3\\]\\}");
		assertThat(fixture.redis.cli("HGET", this.keys.tasks(QUEUE), "a1-biz")).contains("\"b\":\"order-7\"");
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id)
			.containsExactlyInAnyOrder("a1", "b1", "a2", "a1-biz", "a1-again");
	}

	@Test
	void anIdListedTwiceInPendingIsDeliveredOnce() {
		String id = fixture.enqueue();
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), id);
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).extracting(Delivery::id).containsExactly(id);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
	}

	@Test
	void aGroupNamingOneDeliveryTwiceAppliesItOnce() {
		fixture.enqueue();
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		List<AckResult> results = this.broker.completeAll(List.of(delivery, delivery), Duration.ZERO);
		assertThat(results.get(0)).isEqualTo(AckResult.APPLIED);
		assertThat(results.get(1)).isNotEqualTo(AckResult.APPLIED);
		assertThat(fixture.zcard(this.keys.done(QUEUE))).isEqualTo(1);
	}

	private long calls(String command) {
		String prefix = "cmdstat_" + command + ":calls=";
		return fixture.redis.cli("INFO", "commandstats")
			.lines()
			.filter((line) -> line.startsWith(prefix))
			.mapToLong((line) -> Long.parseLong(line.substring(prefix.length(), line.indexOf(','))))
			.findFirst()
			.orElse(0);
	}

}
