package io.github.asynctask.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.github.asynctask.TaskState;
import io.github.asynctask.redis.store.BulkActions;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.store.TaskPages;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redis side of the console: attempts kept per task, pages of every state in both
 * orders, bizId lookup, kill, run now, bulk chunks and history buckets, on a real Redis.
 */
class ConsoleReadsIntegrationTests extends BrokerIntegrationTestSupport {

	private final TaskPages pages = new TaskPages(connectionFactory, this.keys, Duration.ofSeconds(5));

	private final BulkActions bulk = new BulkActions(connectionFactory, this.keys, Duration.ofSeconds(5));

	private final RedisHistory history = new RedisHistory(connectionFactory, this.keys, Duration.ofSeconds(5));

	@Test
	void eachFailedAttemptIsKeptOnTheTaskAndOnlyTheLastTenStay() {
		String id = fixture.enqueue();
		for (int i = 1; i <= 12; i++) {
			Delivery delivery = takeOne(id);
			this.broker.retry(delivery, Duration.ZERO, "boom " + i, "{\"n\":" + i + "}");
			this.broker.forward(QUEUE, 10);
		}
		Delivery last = takeOne(id);
		this.broker.kill(last, "final", "{\"n\":13}");
		String meta = this.pages.inspect(QUEUE, id).orElseThrow().meta();
		assertThat(meta).contains("\"h\":[\"{\\\"n\\\":4}\"")
			.contains("{\\\"n\\\":13}")
			.doesNotContain("{\\\"n\\\":3}");
		assertThat(this.broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.DEAD);
		// the history survives an operator retry and the next fetch
		this.broker.retryDead(QUEUE, id);
		takeOne(id);
		assertThat(this.pages.inspect(QUEUE, id).orElseThrow().meta()).contains("{\\\"n\\\":13}");
	}

	@Test
	void aDamagedHistoryIsDroppedNotARefusal() {
		fixture.storeRaw("bad-h", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"m\":2,\"c\":1,\"h\":[1e400,{}]}",
				"{\"args\":[1]}");
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "bad-h");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(this.broker.retry(delivery, Duration.ofMinutes(1), "x", "{\"n\":1}")).isEqualTo(AckResult.APPLIED);
		assertThat(this.pages.inspect(QUEUE, "bad-h").orElseThrow().meta()).contains("\"h\":[\"{\\\"n\\\":1}\"]");
	}

	@Test
	void pendingPagesComeNewestOrOldestFirstWithTheTotal() {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 7; i++) {
			ids.add(fixture.enqueue());
		}
		TaskPages.Page newest = this.pages.page(QUEUE, "pending", true, 0, 3, 100);
		assertThat(newest.total()).isEqualTo(7);
		assertThat(newest.tasks()).extracting(TaskPages.RawTask::id)
			.containsExactly(ids.get(6), ids.get(5), ids.get(4));
		TaskPages.Page oldest = this.pages.page(QUEUE, "pending", false, 6, 3, 4);
		assertThat(oldest.tasks()).extracting(TaskPages.RawTask::id).containsExactly(ids.get(6));
		assertThat(oldest.tasks().get(0).payloadPreview()).isEqualTo("{\"ar");
		assertThat(oldest.tasks().get(0).payloadLength()).isEqualTo(12);
		assertThat(this.pages.page(QUEUE, "pending", false, 100, 3, 4).tasks()).isEmpty();
	}

	@Test
	void deadPagesComeByTimeOfDeathAndShowDamagedDataRaw() {
		String first = fixture.enqueue();
		this.broker.kill(takeOne(first), "one");
		String second = fixture.enqueue();
		this.broker.kill(takeOne(second), "two");
		fixture.storeRaw("hostile", "{\"n\":[1,2],\"s\":42", "");
		fixture.redis.cli("ZADD", this.keys.dead(QUEUE), "99999999999999", "hostile");
		TaskPages.Page page = this.pages.page(QUEUE, "dead", true, 0, 10, 100);
		assertThat(page.tasks()).extracting(TaskPages.RawTask::id).containsExactly("hostile", second, first);
		assertThat(page.tasks().get(0).metaLength()).isEqualTo(17);
		assertThat(page.tasks().get(1).score()).isNotNull();
		assertThat(this.pages.page(QUEUE, "dead", false, 0, 1, 100).tasks()).extracting(TaskPages.RawTask::id)
			.containsExactly(first);
	}

	@Test
	void aBizIdIsFoundWithOneReadPerTaskName() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "t-42", "order.receipt", "{}", 2)
			.withBizId("order-42", Duration.ofHours(24)));
		List<TaskPages.BizIdHolder> found = this.pages.lookup(QUEUE, List.of("order.cancel", "order.receipt"),
				"order-42");
		assertThat(found).singleElement().satisfies((holder) -> {
			assertThat(holder.taskName()).isEqualTo("order.receipt");
			assertThat(holder.taskId()).isEqualTo("t-42");
			assertThat(holder.keptFor()).isGreaterThan(Duration.ofHours(23));
		});
		assertThat(this.pages.lookup(QUEUE, List.of("order.receipt"), "<script>\"'{}" + "x".repeat(10_000))).isEmpty();
	}

	@Test
	void aTaskKeepsItsBizIdThroughItsTransitionsAndATaskWithoutOnePaysNothing() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "with", "order.receipt", "{}", 2)
			.withBizId("order-42", Duration.ofHours(24)));
		this.broker.retry(takeOne("with"), Duration.ZERO, "boom", "{}");
		this.broker.forward(QUEUE, 10);
		this.broker.kill(takeOne("with"), "final");
		this.broker.retryDead(QUEUE, "with");
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "without", "order.receipt", "{}", 2));
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "long", "order.receipt", "{}", 2)
			.withBizId("x".repeat(65), Duration.ofHours(24)));
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "hostile", "a:b", "{}", 2)
			.withBizId("c}:u:3:a:b:\"<x>", Duration.ofHours(24)));
		String with = this.pages.inspect(QUEUE, "with").orElseThrow().meta();
		assertThat(with).contains("\"b\":\"order-42\"");
		// a task without one keeps the packed meta, which has no place for a bizId
		String without = this.pages.inspect(QUEUE, "without").orElseThrow().meta();
		assertThat(without).startsWith("3|p|2|").contains("||order.receipt\n");
		// with one: the JSON meta, 7 bytes plus the bizId's for it
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "fresh", "order.receipt", "{}", 2)
			.withBizId("order-43", Duration.ofHours(24)));
		String fresh = this.pages.inspect(QUEUE, "fresh").orElseThrow().meta();
		assertThat(fresh).startsWith("{\"v\":1,\"n\":\"order.receipt\",").contains(",\"b\":\"order-43\"}\n");
		// a long bizId is only hashed in its key, so it is not stored
		assertThat(this.pages.inspect(QUEUE, "long").orElseThrow().meta()).doesNotContain("\"b\"");
		assertThat(this.pages.inspect(QUEUE, "hostile").orElseThrow().meta()).contains("\"b\":\"c}:u:3:a:b:\\\"<x>\"");
	}

	@Test
	void aWaitingTaskKeepsItsBizIdToo() {
		assertThat(this.broker
			.enqueue(EnqueueRequest.now(QUEUE, "ship-7", "order.ship", "{}", 2)
				.withBizId("order-7", Duration.ofHours(1))
				.withAfter(List.of(EnqueueRequest.Awaited.task(QUEUE, "order.pay", "order-7")), Duration.ofHours(1)))
			.outcome()).isEqualTo(EnqueueResult.Outcome.WAITING);
		assertThat(this.pages.inspect(QUEUE, "ship-7").orElseThrow().meta()).contains("\"b\":\"order-7\"");
	}

	@Test
	void aDamagedBizIdIsDroppedNotARefusal() {
		fixture.storeRaw("bad-b", "{\"v\":2,\"n\":\"mail.send\",\"s\":\"p\",\"m\":2,\"c\":1,\"b\":{\"x\":1}}",
				"{\"args\":[1]}");
		fixture.redis.cli("LPUSH", this.keys.pending(QUEUE), "bad-b");
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(this.broker.retry(delivery, Duration.ofMinutes(1), "x", "{}")).isEqualTo(AckResult.APPLIED);
		assertThat(this.pages.inspect(QUEUE, "bad-b").orElseThrow().meta()).doesNotContain("\"b\"");
	}

	@Test
	void anOperatorKillsARunningTaskAndItsWorkerLosesTheLease() {
		Delivery delivery = fixture.enqueueAndTake();
		assertThat(this.bulk.stop(QUEUE, delivery.id(), "killed by an operator")).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, delivery.id()).orElseThrow().state()).isEqualTo(TaskState.DEAD);
		assertThat(this.broker.extendLeases(QUEUE, List.of(delivery.deliveryToken()), LEASE))
			.containsExactly(delivery.deliveryToken());
		assertThat(this.bulk.stop(QUEUE, delivery.id(), "again")).isZero();
	}

	@Test
	void aScheduledTaskRunsNow() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "later", "mail.send", "{}", 2).withDelay(Duration.ofHours(1)));
		assertThat(this.bulk.runNow(QUEUE, "later")).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE)).extracting(Delivery::id).containsExactly("later");
		assertThat(this.bulk.runNow(QUEUE, "later")).isZero();
	}

	@Test
	void bulkRetryOfDeadActsOnEveryTaskOfTheNameInBoundedChunks() {
		for (int i = 0; i < 450; i++) {
			String id = fixture.enqueue();
			this.broker.kill(takeOne(id), "dead " + i);
		}
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "other", "other.task", "{}", 2));
		this.broker.kill(takeOne("other"), "other");
		BulkActions.Outcome outcome = this.bulk.apply(QUEUE, "dead", true, "mail.send", 100);
		assertThat(outcome.acted()).isEqualTo(450);
		assertThat(outcome.leftInPlace()).isEqualTo(1);
		assertThat(outcome.finished()).isTrue();
		assertThat(outcome.chunks()).isEqualTo(451 / BulkActions.CHUNK + 1);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(450);
		assertThat(fixture.zcard(this.keys.dead(QUEUE))).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE).get(0).attempt()).isEqualTo(1);
		assertThat(this.bulk.apply(QUEUE, "pending", false, null, 1).acted()).isEqualTo(BulkActions.CHUNK);
		assertThat(this.bulk.apply(QUEUE, "dead", false, null, 10).acted()).isEqualTo(1);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(450 - BulkActions.CHUNK);
	}

	@Test
	void historyBucketsAddUpPerMinuteAndPerDay() {
		Instant now = Instant.parse("2026-11-25T06:10:30Z");
		this.history.add(QUEUE, now, 10, 1);
		this.history.add(QUEUE, now.plusSeconds(5), 5, 2);
		this.history.add(QUEUE, now.minusSeconds(120), 3, 0);
		RedisHistory.History read = this.history.read(QUEUE, now, 60, 90);
		assertThat(read.perMinute()).hasSize(60);
		assertThat(read.perMinute().get(59))
			.isEqualTo(new RedisHistory.Bucket(Instant.parse("2026-11-25T06:10:00Z"), 15, 3));
		assertThat(read.perMinute().get(57).processed()).isEqualTo(3);
		assertThat(read.perDay()).hasSize(90);
		assertThat(read.perDay().get(89))
			.isEqualTo(new RedisHistory.Bucket(Instant.parse("2026-11-25T00:00:00Z"), 18, 3));
		long ttl = Long.parseLong(fixture.redis.cli("PTTL", this.keys.historyMinute(QUEUE, now.getEpochSecond() / 60)));
		assertThat(ttl).isBetween(1L, Duration.ofHours(2).toMillis());
	}

	private Delivery takeOne(String id) {
		List<Delivery> taken = this.broker.dequeue(QUEUE, 1, LEASE);
		assertThat(taken).extracting(Delivery::id).containsExactly(id);
		return taken.get(0);
	}

}
