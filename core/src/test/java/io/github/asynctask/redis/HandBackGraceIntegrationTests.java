package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.redis.store.BulkActions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The unknown-task grace of a rolling deploy counts from the first hand-back only until
 * an instance that knows the task has it again, or an operator retries it from dead:
 * after that, an old instance meeting it starts a new grace instead of sending it to dead
 * at once. Each test lets more than the grace pass since the first hand-back.
 */
class HandBackGraceIntegrationTests extends BrokerIntegrationTestSupport {

	private static final Duration GRACE = Duration.ofMillis(50);

	/** The first connection can take seconds on a loaded machine: not what is tested. */
	@BeforeAll
	static void connected() {
		await().atMost(Duration.ofMinutes(1)).ignoreExceptions().until(() -> fixture.broker.stats(QUEUE) != null);
	}

	@Test
	void aTaskAnInstanceThatKnowsItRetriedStartsAFreshGraceAtTheNextHandBack() {
		Delivery first = fixture.enqueueAndTake();
		assertThat(handBack(first, Duration.ofHours(1))).isEqualTo(HandBackResult.HANDED_BACK);
		Delivery known = redeliver();
		assertThat(this.broker.retry(known, Duration.ZERO, "failed where it is known")).isEqualTo(AckResult.APPLIED);
		awaitRedisTimePast(fixture.redisNow() + GRACE.toMillis());
		assertThat(handBack(redeliver(), GRACE)).isEqualTo(HandBackResult.HANDED_BACK);
	}

	@Test
	void aTaskAnInstanceThatKnowsItHandedBackAtShutdownStartsAFreshGrace() {
		assertThat(handBack(fixture.enqueueAndTake(), Duration.ofHours(1))).isEqualTo(HandBackResult.HANDED_BACK);
		assertThat(this.broker.requeue(redeliver())).isEqualTo(AckResult.APPLIED);
		awaitRedisTimePast(fixture.redisNow() + GRACE.toMillis());
		assertThat(handBack(this.broker.dequeue(QUEUE, 1, LEASE).get(0), GRACE)).isEqualTo(HandBackResult.HANDED_BACK);
	}

	@Test
	void aTaskWhoseLeaseRanOutOnAnInstanceThatKnowsItStartsAFreshGrace() {
		assertThat(handBack(fixture.enqueueAndTake(), Duration.ofHours(1))).isEqualTo(HandBackResult.HANDED_BACK);
		awaitRedisTimePast(fixture.redisNow() + 2);
		assertThat(this.broker.forward(QUEUE, 10).moved()).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 1, Duration.ofMillis(1))).hasSize(1);
		awaitRedisTimePast(fixture.redisNow() + GRACE.toMillis());
		assertThat(this.broker.recover(QUEUE, 10, Duration.ZERO).recovered()).isEqualTo(1);
		assertThat(handBack(redeliver(), GRACE)).isEqualTo(HandBackResult.HANDED_BACK);
	}

	@Test
	void aTaskRetriedFromDeadStartsAFreshGrace() {
		Delivery first = fixture.enqueueAndTake();
		assertThat(handBack(first, Duration.ZERO)).isEqualTo(HandBackResult.DEAD);
		awaitRedisTimePast(fixture.redisNow() + GRACE.toMillis());
		assertThat(this.broker.retryDead(QUEUE, first.id())).isTrue();
		assertThat(handBack(this.broker.dequeue(QUEUE, 1, LEASE).get(0), GRACE)).isEqualTo(HandBackResult.HANDED_BACK);
	}

	@Test
	void aTaskRunAgainFromDeadInBulkStartsAFreshGrace() {
		Delivery first = fixture.enqueueAndTake();
		assertThat(handBack(first, Duration.ZERO)).isEqualTo(HandBackResult.DEAD);
		awaitRedisTimePast(fixture.redisNow() + GRACE.toMillis());
		BulkActions bulk = new BulkActions(connectionFactory, this.keys, Duration.ofSeconds(5));
		assertThat(bulk.apply(QUEUE, "dead", true, null, 10).acted()).isEqualTo(1);
		assertThat(handBack(this.broker.dequeue(QUEUE, 1, LEASE).get(0), GRACE)).isEqualTo(HandBackResult.HANDED_BACK);
	}

	private HandBackResult handBack(Delivery delivery, Duration grace) {
		return this.broker.handBack(delivery, Duration.ZERO, Duration.ZERO, grace, "not here", "nowhere defines it");
	}

	/** The retry due at once, fetched again. */
	private Delivery redeliver() {
		awaitRedisTimePast(fixture.redisNow() + 2);
		assertThat(this.broker.forward(QUEUE, 10).moved()).isEqualTo(1);
		return this.broker.dequeue(QUEUE, 1, LEASE).get(0);
	}

	private static void awaitRedisTimePast(long millis) {
		while (fixture.redisNow() <= millis) {
			Thread.onSpinWait();
		}
	}

}
