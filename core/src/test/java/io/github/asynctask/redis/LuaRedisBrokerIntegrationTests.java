package io.github.asynctask.redis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Every transition of the broker against a real Redis: seed a state, run one call,
 * compare.
 */
class LuaRedisBrokerIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void enqueuePushesToPendingAndStoresDataApartFromTheList() {
		String id = fixture.enqueue();
		assertThat(fixture.redis.cli("LRANGE", this.keys.pending(QUEUE), "0", "-1")).isEqualTo(id);
		TaskInfo info = this.broker.find(QUEUE, id).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.PENDING);
		assertThat(info.name()).isEqualTo("mail.send");
		assertThat(info.payload()).isEqualTo("{\"args\":[1]}");
		assertThat(info.attempts()).isZero();
		assertThat(info.maxRetries()).isEqualTo(2);
	}

	@Test
	void reSendingTheSameIdChangesNothing() {
		String id = fixture.enqueue();
		assertThat(this.broker.enqueue(BrokerFixture.request(id)).outcome())
			.isEqualTo(EnqueueResult.Outcome.ALREADY_EXISTS);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(1);
	}

	@Test
	void aCompletedTaskWhoseDataIsGoneStillRefusesAReSendOfItsId() {
		Delivery delivery = fixture.enqueueAndTake();
		assertThat(this.broker.complete(delivery, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.find(QUEUE, delivery.id())).isEmpty();

		assertThat(this.broker.enqueue(BrokerFixture.request(delivery.id())).outcome())
			.isEqualTo(EnqueueResult.Outcome.ALREADY_EXISTS);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
	}

	@Test
	void completedIdsOlderThanTheWindowAreForgottenAsNewOnesComplete() {
		LuaRedisBroker shortWindow = new LuaRedisBroker(connectionFactory, this.keys, Duration.ZERO,
				LuaRedisBroker.DEFAULT_REPLY_TIMEOUT, Duration.ofMillis(1));
		Delivery first = fixture.enqueueAndTake();
		shortWindow.complete(first, Duration.ZERO);
		long firstDoneAt = Long.parseLong(fixture.zscore(this.keys.done(QUEUE), first.id()));
		// each completion forgets at most two older ids: the set cannot grow past the
		// window
		await().atMost(Duration.ofSeconds(5)).until(() -> {
			shortWindow.complete(fixture.enqueueAndTake(), Duration.ZERO);
			return fixture.zscore(this.keys.done(QUEUE), first.id()) == null;
		});
		assertThat(fixture.redisNow()).isGreaterThan(firstDoneAt);
		assertThat(fixture.zcard(this.keys.done(QUEUE))).isLessThanOrEqualTo(2);
		assertThat(this.broker.enqueue(BrokerFixture.request(first.id())).outcome())
			.isEqualTo(EnqueueResult.Outcome.ENQUEUED);
	}

	@Test
	void aCompletionForgetsTwoOldIdsPerIdItAddsNoMore() {
		LuaRedisBroker shortWindow = new LuaRedisBroker(connectionFactory, this.keys, Duration.ZERO,
				LuaRedisBroker.DEFAULT_REPLY_TIMEOUT, Duration.ofMinutes(1));
		// ten ids remembered long ago, as after a pause longer than the window
		for (int i = 0; i < 10; i++) {
			fixture.redis.cli("ZADD", this.keys.done(QUEUE), "1000", "old-" + i);
		}
		Delivery delivery = fixture.enqueueAndTake();
		shortWindow.complete(delivery, Duration.ZERO);
		// the oldest two went (old-0, old-1), the new id came
		assertThat(fixture.zcard(this.keys.done(QUEUE))).isEqualTo(9);
		assertThat(fixture.zscore(this.keys.done(QUEUE), "old-1")).isNull();
		assertThat(fixture.zscore(this.keys.done(QUEUE), "old-2")).isEqualTo("1000");
		assertThat(fixture.zscore(this.keys.done(QUEUE), delivery.id())).isNotNull();
	}

	@Test
	void enqueueWithDelaySchedulesByRedisTime() {
		long before = fixture.redisNow();
		String id = BrokerFixture.newId();
		EnqueueResult result = this.broker.enqueue(BrokerFixture.request(id).withDelay(Duration.ofSeconds(60)));
		assertThat(result.outcome()).isEqualTo(EnqueueResult.Outcome.SCHEDULED);
		long runAt = Long.parseLong(fixture.zscore(this.keys.scheduled(QUEUE), id));
		assertThat(runAt).isBetween(before + 60_000, fixture.redisNow() + 60_000);
		assertThat(this.broker.find(QUEUE, id).orElseThrow().state()).isEqualTo(TaskState.SCHEDULED);
	}

	@Test
	void enqueueAtAPastInstantIsPendingAtOnce() {
		EnqueueResult result = this.broker
			.enqueue(BrokerFixture.request(BrokerFixture.newId()).withAt(Instant.now().minusSeconds(5)));
		assertThat(result.outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
	}

	@Test
	void enqueueAllAnswersInRequestOrderInOneCall() {
		String a = BrokerFixture.newId();
		String b = BrokerFixture.newId();
		String c = BrokerFixture.newId();
		List<EnqueueResult> results = this.broker.enqueueAll(List.of(BrokerFixture.request(a),
				BrokerFixture.request(b).withDelay(Duration.ofMinutes(1)), BrokerFixture.request(a)));
		assertThat(results).extracting(EnqueueResult::outcome)
			.containsExactly(EnqueueResult.Outcome.ENQUEUED, EnqueueResult.Outcome.SCHEDULED,
					EnqueueResult.Outcome.ALREADY_EXISTS);
		assertThat(this.broker.enqueueAll(List.of(BrokerFixture.request(c)))).hasSize(1);
	}

	@Test
	void enqueueAllSendsEachQueuesTasksTogetherAndAnswersInRequestOrder() {
		String first = BrokerFixture.newId();
		String other = BrokerFixture.newId();
		String twin = BrokerFixture.newId();
		EnqueueRequest elsewhere = EnqueueRequest.now("q2", other, "mail.send", "[]", 2);
		List<EnqueueResult> results = this.broker
			.enqueueAll(List.of(BrokerFixture.request(first).withBizId("order-7", Duration.ofMinutes(5)), elsewhere,
					BrokerFixture.request(twin).withBizId("order-7", Duration.ofMinutes(5))));
		assertThat(results).extracting(EnqueueResult::outcome)
			.containsExactly(EnqueueResult.Outcome.ENQUEUED, EnqueueResult.Outcome.ENQUEUED,
					EnqueueResult.Outcome.DUPLICATE);
		// a duplicate names the task that holds the bizId, even one of the same call
		assertThat(results.get(2).id()).isEqualTo(first);
		assertThat(fixture.redis.cli("LRANGE", this.keys.pending(QUEUE), "0", "-1")).isEqualTo(first);
		assertThat(fixture.redis.cli("LRANGE", this.keys.pending("q2"), "0", "-1")).isEqualTo(other);
	}

	@Test
	void aBatchLargerThanOneCallIsSplitAndKeepsItsOrder() {
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < LuaRedisBroker.MAX_ENQUEUE_PER_CALL * 2 + 7; i++) {
			requests.add(BrokerFixture.request(BrokerFixture.newId()));
		}
		List<EnqueueResult> results = this.broker.enqueueAll(requests);
		assertThat(results).extracting(EnqueueResult::id)
			.containsExactlyElementsOf(requests.stream().map(EnqueueRequest::id).toList());
		assertThat(results).extracting(EnqueueResult::outcome).containsOnly(EnqueueResult.Outcome.ENQUEUED);
		List<Delivery> taken = this.broker.dequeue(QUEUE, requests.size(), LEASE);
		assertThat(taken).extracting(Delivery::id)
			.containsExactlyElementsOf(requests.stream().map(EnqueueRequest::id).toList());
	}

	@Test
	void dequeueTakesOldestFirstUpToMaxUnderALease() {
		String first = fixture.enqueue();
		String second = fixture.enqueue();
		fixture.enqueue();
		long before = fixture.redisNow();
		List<Delivery> taken = this.broker.dequeue(QUEUE, 2, LEASE);
		assertThat(taken).extracting(Delivery::id).containsExactly(first, second);
		assertThat(taken).allSatisfy((delivery) -> {
			assertThat(delivery.attempt()).isEqualTo(1);
			assertThat(delivery.token()).isPositive().isLessThan(1L << 53);
			assertThat(delivery.name()).isEqualTo("mail.send");
			assertThat(delivery.payload()).isEqualTo("{\"args\":[1]}");
		});
		assertThat(Long.parseLong(fixture.zscore(this.keys.active(QUEUE), first)))
			.isGreaterThanOrEqualTo(before + 30_000);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, first).orElseThrow().state()).isEqualTo(TaskState.ACTIVE);
	}

	@Test
	void dequeueOfAnEmptyOrPausedQueueReturnsNothing() {
		assertThat(this.broker.dequeue(QUEUE, 5, LEASE)).isEmpty();
		fixture.enqueue();
		this.broker.pause(QUEUE);
		assertThat(this.broker.dequeue(QUEUE, 5, LEASE)).isEmpty();
		assertThat(this.broker.stats(QUEUE).paused()).isTrue();
		this.broker.resume(QUEUE);
		assertThat(this.broker.dequeue(QUEUE, 5, LEASE)).hasSize(1);
	}

	@Test
	void completeDropsTheTask() {
		Delivery delivery = fixture.enqueueAndTake();
		assertThat(this.broker.complete(delivery, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.find(QUEUE, delivery.id())).isEmpty();
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isZero();
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isZero();
	}

	@Test
	void completeWithRetentionKeepsTheTaskAsCompleted() {
		Delivery delivery = fixture.enqueueAndTake();
		assertThat(this.broker.complete(delivery, Duration.ofHours(1))).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.find(QUEUE, delivery.id()).orElseThrow().state()).isEqualTo(TaskState.COMPLETED);
		assertThat(this.broker.list(QUEUE, TaskState.COMPLETED, 0, 10)).extracting(TaskInfo::id)
			.containsExactly(delivery.id());
	}

	@Test
	void completeAllAnswersForEachDeliveryInOrder() {
		Delivery first = fixture.enqueueAndTake();
		Delivery stale = fixture.enqueueAndTake();
		Delivery forged = new Delivery(QUEUE, stale.id(), stale.name(), stale.token() + 1, 1, 2, "", Instant.EPOCH);
		Delivery gone = fixture.enqueueAndTake();
		fixture.redis.cli("HDEL", this.keys.tasks(QUEUE), gone.id());
		Delivery last = fixture.enqueueAndTake();
		assertThat(this.broker.completeAll(List.of(first, forged, gone, last), Duration.ZERO))
			.containsExactly(AckResult.APPLIED, AckResult.STALE, AckResult.MISSING, AckResult.APPLIED);
		assertThat(this.broker.find(QUEUE, first.id())).isEmpty();
		assertThat(this.broker.find(QUEUE, last.id())).isEmpty();
		assertThat(this.broker.find(QUEUE, stale.id()).orElseThrow().state()).isEqualTo(TaskState.ACTIVE);
		assertThat(fixture.zcard(this.keys.active(QUEUE))).isEqualTo(1);
	}

	@Test
	void completeAllRefusesDeliveriesOfSeveralQueues() {
		Delivery delivery = fixture.enqueueAndTake();
		Delivery elsewhere = new Delivery("other", "x", "mail.send", 1, 1, 2, "", Instant.EPOCH);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.broker.completeAll(List.of(delivery, elsewhere), Duration.ZERO))
			.withMessageContaining("'q1' and 'other'");
		assertThat(this.broker.find(QUEUE, delivery.id()).orElseThrow().state()).isEqualTo(TaskState.ACTIVE);
	}

	@Test
	void aSecondCompleteOrAWrongTokenIsRefused() {
		Delivery delivery = fixture.enqueueAndTake();
		Delivery forged = new Delivery(QUEUE, delivery.id(), delivery.name(), delivery.token() + 1, 1, 2, "",
				Instant.EPOCH);
		assertThat(this.broker.complete(forged, Duration.ofHours(1))).isEqualTo(AckResult.STALE);
		assertThat(this.broker.retry(forged, Duration.ZERO, "x")).isEqualTo(AckResult.STALE);
		assertThat(this.broker.kill(forged, "x")).isEqualTo(AckResult.STALE);
		assertThat(this.broker.requeue(forged)).isEqualTo(AckResult.STALE);
		assertThat(this.broker.complete(delivery, Duration.ofHours(1))).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.complete(delivery, Duration.ofHours(1))).isEqualTo(AckResult.STALE);
		assertThat(this.broker.retry(delivery, Duration.ZERO, "late")).isEqualTo(AckResult.STALE);
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isZero();
	}

	@Test
	void retrySchedulesTheNextAttemptAndKeepsTheError() {
		Delivery delivery = fixture.enqueueAndTake();
		long before = fixture.redisNow();
		assertThat(this.broker.retry(delivery, Duration.ofSeconds(10), "IOException: timeout"))
			.isEqualTo(AckResult.APPLIED);
		assertThat(Long.parseLong(fixture.zscore(this.keys.retry(QUEUE), delivery.id())))
			.isGreaterThanOrEqualTo(before + 10_000);
		TaskInfo info = this.broker.find(QUEUE, delivery.id()).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.RETRY);
		assertThat(info.lastError()).isEqualTo("IOException: timeout");
		assertThat(info.attempts()).isEqualTo(1);
	}

	@Test
	void anAttemptIsCountedAtFetch() {
		Delivery first = fixture.enqueueAndTake();
		this.broker.retry(first, Duration.ZERO, "boom");
		this.broker.forward(QUEUE, 10);
		Delivery second = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(second.attempt()).isEqualTo(2);
		assertThat(second.token()).isNotEqualTo(first.token());
		assertThat(second.hasRetriesLeft()).isTrue();
	}

	@Test
	void killMovesToDeadWithTheReason() {
		Delivery delivery = fixture.enqueueAndTake();
		assertThat(this.broker.kill(delivery, "IllegalArgumentException: bad order")).isEqualTo(AckResult.APPLIED);
		assertThat(this.broker.list(QUEUE, TaskState.DEAD, 0, 10)).singleElement().satisfies((info) -> {
			assertThat(info.id()).isEqualTo(delivery.id());
			assertThat(info.lastError()).isEqualTo("IllegalArgumentException: bad order");
		});
	}

	@Test
	void requeuePutsTheTaskAtTheFrontWithoutCountingTheAttempt() {
		fixture.enqueue();
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		String later = fixture.enqueue();
		assertThat(this.broker.requeue(delivery)).isEqualTo(AckResult.APPLIED);
		List<Delivery> next = this.broker.dequeue(QUEUE, 2, LEASE);
		assertThat(next).extracting(Delivery::id).containsExactly(delivery.id(), later);
		assertThat(next.get(0).attempt()).isEqualTo(1);
		assertThat(next.get(0).token()).isNotEqualTo(delivery.token());
	}

	@Test
	void tokensStayUniqueWhenRedisLosesTheWritesOfADequeue() {
		String id = fixture.enqueue();
		String beforeFetch = fixture.redis.cli("HGET", this.keys.tasks(QUEUE), id);
		Delivery first = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		// Redis rolls back to before the fetch (AOF everysec lost its last second, an
		// async
		// failover) while the first worker still runs the body
		fixture.redis.cli("HSET", this.keys.tasks(QUEUE), id, beforeFetch);
		fixture.redis.cli("ZREM", this.keys.active(QUEUE), id);
		fixture.redis.cli("HDEL", this.keys.leases(QUEUE), id);
		fixture.redis.cli("RPUSH", this.keys.pending(QUEUE), id);
		Delivery second = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(second.token()).isNotEqualTo(first.token());
		assertThat(this.broker.extendLeases(QUEUE, List.of(first.deliveryToken()), LEASE))
			.containsExactly(first.deliveryToken());
		assertThat(this.broker.complete(first, Duration.ZERO)).isEqualTo(AckResult.STALE);
		assertThat(this.broker.retry(first, Duration.ZERO, "late")).isEqualTo(AckResult.STALE);
		assertThat(this.broker.complete(second, Duration.ZERO)).isEqualTo(AckResult.APPLIED);
	}

	@Test
	void extendRenewsLiveLeasesAndReportsLostOnes() {
		Delivery live = fixture.enqueueAndTake();
		Delivery other = fixture.enqueueAndTake();
		String oldDeadline = fixture.zscore(this.keys.active(QUEUE), live.id());
		this.broker.complete(other, Duration.ZERO);
		var lost = this.broker.extendLeases(QUEUE, List.of(live.deliveryToken(), other.deliveryToken()),
				Duration.ofMinutes(10));
		assertThat(lost).containsExactly(other.deliveryToken());
		assertThat(Long.parseLong(fixture.zscore(this.keys.active(QUEUE), live.id())))
			.isGreaterThan(Long.parseLong(oldDeadline));
		assertThat(fixture.zscore(this.keys.active(QUEUE), other.id())).isNull();
	}

	@Test
	void extendRefusesALeasePastItsDeadlineEvenBeforeARecovererTookIt() {
		fixture.enqueue();
		Delivery expired = this.broker.dequeue(QUEUE, 1, Duration.ZERO).get(0);
		assertThat(this.broker.extendLeases(QUEUE, List.of(expired.deliveryToken()), Duration.ofMinutes(10)))
			.containsExactly(expired.deliveryToken());
		// only the recoverer decides what happens to it now
		assertThat(this.broker.recover(QUEUE, 100, Duration.ZERO).recovered()).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, expired.id()).orElseThrow().state()).isEqualTo(TaskState.RETRY);
	}

	@Test
	void extendRenewsLeasesWhileRedisIsAtMaxmemory() {
		fixture.enqueue();
		Delivery running = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		fixture.redis.cli("CONFIG", "SET", "maxmemory", "1");
		try {
			assertThat(this.broker.extendLeases(QUEUE, List.of(running.deliveryToken()), Duration.ofMinutes(10)))
				.isEmpty();
		}
		finally {
			fixture.redis.cli("CONFIG", "SET", "maxmemory", "0");
		}
		assertThat(Double.parseDouble(fixture.redis.cli("ZSCORE", this.keys.active(QUEUE), running.id())))
			.isGreaterThan(fixture.redisNow() + Duration.ofMinutes(5).toMillis());
	}

	@Test
	void extendJudgesTwoDeliveriesOfOneTaskEachByItsOwnToken() {
		fixture.enqueue();
		Delivery stale = this.broker.dequeue(QUEUE, 1, Duration.ZERO).get(0);
		this.broker.recover(QUEUE, 100, Duration.ZERO);
		this.broker.forward(QUEUE, 100);
		Delivery current = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(current.id()).isEqualTo(stale.id());
		assertThat(this.broker.extendLeases(QUEUE, List.of(stale.deliveryToken(), current.deliveryToken()),
				Duration.ofMinutes(10)))
			.containsExactly(stale.deliveryToken());
	}

	@Test
	void recoverMovesExpiredLeasesToRetryOrDeadAndInvalidatesTheToken() {
		fixture.enqueue();
		Delivery expiring = this.broker.dequeue(QUEUE, 1, Duration.ZERO).get(0);
		Delivery healthy = fixture.enqueueAndTake();
		assertThat(this.broker.recover(QUEUE, 100, Duration.ZERO).recovered()).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, expiring.id()).orElseThrow()).satisfies((info) -> {
			assertThat(info.state()).isEqualTo(TaskState.RETRY);
			assertThat(info.lastError()).contains("lease expired");
		});
		assertThat(this.broker.find(QUEUE, healthy.id()).orElseThrow().state()).isEqualTo(TaskState.ACTIVE);
		assertThat(this.broker.complete(expiring, Duration.ZERO)).isEqualTo(AckResult.STALE);
	}

	@Test
	void recoverOfATaskWithoutRetriesLeftMakesItDead() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "crasher", "mail.send", "{}", 0));
		this.broker.dequeue(QUEUE, 1, Duration.ZERO);
		this.broker.recover(QUEUE, 100, Duration.ZERO);
		assertThat(this.broker.find(QUEUE, "crasher").orElseThrow().state()).isEqualTo(TaskState.DEAD);
	}

	@Test
	void aStaleSuccessIsRememberedSoTheNextDeliveryDoesNotRunTheBodyAgain() {
		fixture.enqueue();
		Delivery frozen = this.broker.dequeue(QUEUE, 1, Duration.ZERO).get(0);
		this.broker.recover(QUEUE, 100, Duration.ZERO);
		this.broker.forward(QUEUE, 100);
		assertThat(this.broker.complete(frozen, Duration.ZERO)).isEqualTo(AckResult.STALE);
		assertThat(this.broker.dequeue(QUEUE, 10, LEASE)).isEmpty();
		assertThat(this.broker.find(QUEUE, frozen.id())).isEmpty();
	}

	@Test
	void forwardMovesDueTasksAndTellsWhenTheNextFallsDue() {
		String due = BrokerFixture.newId();
		String later = BrokerFixture.newId();
		this.broker.enqueue(BrokerFixture.request(due).withAt(Instant.ofEpochMilli(fixture.redisNow() + 50)));
		this.broker.enqueue(BrokerFixture.request(later).withDelay(Duration.ofHours(1)));
		ForwardResult early = this.broker.forward(QUEUE, 100);
		assertThat(early.moved()).isZero();
		assertThat(early.nextDueIn()).isLessThanOrEqualTo(Duration.ofMillis(50));
		awaitRedisTimePast(fixture.redisNow() + 60);
		ForwardResult result = this.broker.forward(QUEUE, 100);
		assertThat(result.moved()).isEqualTo(1);
		assertThat(result.nextDueIn()).isBetween(Duration.ofMinutes(59), Duration.ofHours(1));
		assertThat(this.broker.find(QUEUE, due).orElseThrow().state()).isEqualTo(TaskState.PENDING);
		this.broker.delete(QUEUE, later);
		assertThat(this.broker.forward(QUEUE, 100).nextDueIn()).isNull();
	}

	@Test
	void forwardMovesAtMostTheBatch() {
		for (int i = 0; i < 5; i++) {
			Delivery delivery = fixture.enqueueAndTake();
			this.broker.retry(delivery, Duration.ZERO, "e");
		}
		ForwardResult result = this.broker.forward(QUEUE, 3);
		assertThat(result.moved()).isEqualTo(3);
		assertThat(result.nextDueIn()).isEqualTo(Duration.ZERO);
		assertThat(this.broker.forward(QUEUE, 3).moved()).isEqualTo(2);
	}

	@Test
	void statsCountEveryStateInOneCall() {
		fixture.enqueueAndTake();
		this.broker.kill(fixture.enqueueAndTake(), "x");
		this.broker.retry(fixture.enqueueAndTake(), Duration.ofHours(1), "x");
		this.broker.enqueue(BrokerFixture.request(BrokerFixture.newId()).withDelay(Duration.ofHours(1)));
		this.broker.complete(fixture.enqueueAndTake(), Duration.ofHours(1));
		fixture.enqueue();
		fixture.enqueue();
		QueueStats stats = this.broker.stats(QUEUE);
		assertThat(stats).isEqualTo(new QueueStats(QUEUE, 2, 1, 1, 1, 1, 1, false, stats.latency()));
		assertThat(stats.latency()).isGreaterThanOrEqualTo(Duration.ZERO).isLessThan(Duration.ofMinutes(1));
	}

	@Test
	void deleteRemovesAnInactiveTaskFromWhereverItIsAndRefusesAnActiveOne() {
		Delivery active = fixture.enqueueAndTake();
		Delivery dead = fixture.enqueueAndTake();
		this.broker.kill(dead, "x");
		String pending = fixture.enqueue();
		assertThat(this.broker.delete(QUEUE, pending)).isTrue();
		assertThat(this.broker.delete(QUEUE, dead.id())).isTrue();
		assertThat(this.broker.delete(QUEUE, "no-such-id")).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> this.broker.delete(QUEUE, active.id()))
			.withMessageContaining(active.id())
			.withMessageContaining("running");
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.dead(QUEUE))).isZero();
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(1);
	}

	@Test
	void retryDeadMovesItBackToPendingWithAttemptsReset() {
		Delivery delivery = fixture.enqueueAndTake();
		this.broker.kill(delivery, "boom");
		assertThat(this.broker.retryDead(QUEUE, delivery.id())).isTrue();
		assertThat(this.broker.retryDead(QUEUE, delivery.id())).isFalse();
		Delivery again = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(again.attempt()).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, delivery.id()).orElseThrow().lastError()).isEqualTo("boom");
	}

	@Test
	void handBackPutsTheDeliveryInRetryWithoutCountingItAndFencesStaleTokens() {
		Delivery delivery = fixture.enqueueAndTake();
		long before = fixture.redisNow();
		assertThat(this.broker.handBack(delivery, Duration.ofSeconds(2), Duration.ofMinutes(1), Duration.ofHours(1),
				"not here", "nowhere"))
			.isEqualTo(HandBackResult.HANDED_BACK);
		TaskInfo info = this.broker.find(QUEUE, delivery.id()).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.RETRY);
		assertThat(info.attempts()).isZero();
		assertThat(info.lastError()).isEqualTo("not here");
		assertThat(Long.parseLong(fixture.zscore(this.keys.retry(QUEUE), delivery.id())))
			.isGreaterThanOrEqualTo(before + 2000);
		assertThat(this.broker.handBack(delivery, Duration.ZERO, Duration.ZERO, Duration.ZERO, "x", "y"))
			.isEqualTo(HandBackResult.STALE);
	}

	@Test
	void handBackAfterTheGraceMovesTheTaskToDeadWithTheReason() {
		Delivery delivery = fixture.enqueueAndTake();
		assertThat(this.broker.handBack(delivery, Duration.ZERO, Duration.ZERO, Duration.ZERO, "not here",
				"nowhere defines it"))
			.isEqualTo(HandBackResult.DEAD);
		TaskInfo info = this.broker.find(QUEUE, delivery.id()).orElseThrow();
		assertThat(info.state()).isEqualTo(TaskState.DEAD);
		assertThat(info.lastError()).isEqualTo("nowhere defines it");
		assertThat(info.attempts()).isZero();
	}

	@Test
	void handBackCountsTheGraceFromTheFirstHandBackAcrossDeliveries() {
		Delivery first = fixture.enqueueAndTake();
		assertThat(this.broker.handBack(first, Duration.ZERO, Duration.ZERO, Duration.ofHours(1), "not here", "gone"))
			.isEqualTo(HandBackResult.HANDED_BACK);
		awaitRedisTimePast(fixture.redisNow() + 5);
		assertThat(this.broker.forward(QUEUE, 10).moved()).isEqualTo(1);
		Delivery second = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		// the fetch rewrote the meta: the first hand-back's time must have survived it
		assertThat(this.broker.handBack(second, Duration.ZERO, Duration.ZERO, Duration.ofMillis(5), "not here", "gone"))
			.isEqualTo(HandBackResult.DEAD);
	}

	@Test
	void trimDropsDeadPastRetentionAndExpiredCompleted() {
		this.broker.kill(fixture.enqueueAndTake(), "old");
		this.broker.complete(fixture.enqueueAndTake(), Duration.ZERO.plusMillis(1));
		Delivery keep = fixture.enqueueAndTake();
		this.broker.complete(keep, Duration.ofHours(1));
		awaitRedisTimePast(fixture.redisNow() + 5);
		assertThat(this.broker.trim(QUEUE, Duration.ofDays(7), 10, 100)).isEqualTo(new TrimResult(1, 0));
		assertThat(this.broker.trim(QUEUE, Duration.ZERO, 10, 100)).isEqualTo(new TrimResult(1, 0));
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(1);
	}

	@Test
	void trimOverTheDeadCapDropsTheOldestDeadWithTheirPayloads() {
		for (int i = 0; i < 3; i++) {
			this.broker.kill(fixture.enqueueAndTake(), "boom " + i);
		}
		assertThat(this.broker.trim(QUEUE, Duration.ofDays(7), 1, 100)).isEqualTo(new TrimResult(2, 2));
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(1);
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isEqualTo(1);
	}

	@Test
	void instancesExpireWithoutHeartbeat() {
		this.broker.heartbeat("a", "{\"host\":\"h1\"}", Duration.ofMinutes(1));
		this.broker.heartbeat("b", "{\"host\":\"h2\"}", Duration.ofMillis(1));
		awaitRedisTimePast(fixture.redisNow() + 5);
		assertThat(this.broker.instances()).containsExactly(Map.entry("a", "{\"host\":\"h1\"}"));
		this.broker.unregister("a");
		assertThat(this.broker.instances()).isEmpty();
	}

	@Test
	void queuesAreRegisteredOnce() {
		this.broker.registerQueues(List.of("mail", "default"));
		this.broker.registerQueues(List.of("mail"));
		assertThat(this.broker.knownQueues()).containsExactlyInAnyOrder("mail", "default");
	}

	@Test
	void aRegistryWrittenAsASetByAnEarlierVersionIsConvertedWithItsNames() {
		fixture.redis.cli("SADD", this.keys.queues(), "mail", "default");
		this.broker.registerQueues(List.of("reports"));
		assertThat(this.broker.knownQueues()).containsExactlyInAnyOrder("mail", "default", "reports");
		assertThat(fixture.redis.cli("TYPE", this.keys.queues())).isEqualTo("zset");
	}

	@Test
	void anIdleQueueIsForgottenOnlyOnceUnregisteredForTheGivenTime() {
		this.broker.registerQueues(List.of(QUEUE));
		assertThat(this.broker.forgetQueueIfIdle(QUEUE, Duration.ofDays(1))).isFalse();
		fixture.enqueue();
		assertThat(this.broker.forgetQueueIfIdle(QUEUE, Duration.ZERO)).isFalse();
		assertThat(this.broker.knownQueues()).contains(QUEUE);
	}

	private static void awaitRedisTimePast(long millis) {
		while (fixture.redisNow() <= millis) {
			Thread.onSpinWait();
		}
	}

}
