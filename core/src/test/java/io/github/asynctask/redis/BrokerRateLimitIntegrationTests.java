package io.github.asynctask.redis;

import java.time.Duration;

import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dequeue script's rate limit: a sliding log in the queue's slot, shared by every
 * caller, that tasks reach the same way whether they were pending at once, delayed or
 * retried.
 */
class BrokerRateLimitIntegrationTests extends BrokerIntegrationTestSupport {

	private static final RateLimit TWO_PER_MINUTE = new RateLimit(2, Duration.ofMinutes(1));

	@Test
	void aFetchTakesNoMoreThanTheLimitLeavesAndSaysWhenTheNextPermitFrees() {
		for (int i = 0; i < 5; i++) {
			fixture.enqueue();
		}
		Dequeued first = this.broker.dequeue(QUEUE, 5, LEASE, TWO_PER_MINUTE);
		assertThat(first.deliveries()).hasSize(2);
		assertThat(first.retryAfter()).isBetween(Duration.ofSeconds(59), Duration.ofSeconds(61));
		// another caller (instance) shares the log
		LuaRedisBroker other = new LuaRedisBroker(connectionFactory, this.keys);
		Dequeued second = other.dequeue(QUEUE, 5, LEASE, TWO_PER_MINUTE);
		assertThat(second.deliveries()).isEmpty();
		assertThat(second.limited()).isTrue();
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(3);
		assertThat(fixture.zcard(this.keys.rate(QUEUE))).isEqualTo(2);
	}

	@Test
	void aRetriedTaskCountsAgainstTheLimitWhenItIsFetchedAgain() {
		fixture.enqueue();
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE, TWO_PER_MINUTE).deliveries().get(0);
		this.broker.retry(delivery, Duration.ZERO, "boom");
		this.broker.forward(QUEUE, 10);
		Dequeued again = this.broker.dequeue(QUEUE, 1, LEASE, TWO_PER_MINUTE);
		assertThat(again.deliveries()).extracting(Delivery::id).containsExactly(delivery.id());
		fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE, TWO_PER_MINUTE).limited()).isTrue();
	}

	@Test
	void anEmptyQueueIsNotLimitedAndAQueueWithoutALimitPaysNothing() {
		assertThat(this.broker.dequeue(QUEUE, 3, LEASE, TWO_PER_MINUTE).limited()).isFalse();
		for (int i = 0; i < 5; i++) {
			fixture.enqueue();
		}
		assertThat(this.broker.dequeue(QUEUE, 5, LEASE)).hasSize(5);
		assertThat(fixture.zcard(this.keys.rate(QUEUE))).isZero();
	}

}
