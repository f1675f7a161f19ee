package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.limit.RateLimit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Per-key concurrency in the dequeue script: a task whose key runs as many as it may is
 * passed over and keeps its place, other keys' tasks behind it are taken, and every end
 * of a delivery frees its key, because a key counts only deliveries whose lease is still
 * theirs.
 */
class BrokerConcurrencyKeyIntegrationTests extends BrokerIntegrationTestSupport {

	private static final @Nullable RateLimit NO_LIMIT = null;

	@Test
	void aKeyAtItsLimitIsPassedOverWithoutHoldingUpOtherKeys() {
		String first = enqueue("t1", 1);
		String second = enqueue("t1", 1);
		String other = enqueue("t2", 1);
		Dequeued taken = this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT);
		assertThat(taken.deliveries()).extracting(Delivery::id).containsExactly(first, other);
		assertThat(taken.keyBlocked()).isTrue();
		assertThat(this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT).deliveries()).isEmpty();
		this.broker.complete(taken.deliveries().get(0), Duration.ZERO);
		assertThat(this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT).deliveries()).extracting(Delivery::id)
			.containsExactly(second);
	}

	@Test
	void aKeyOfTwoRunsTwoAndThePassedOverTaskKeepsItsPlaceInLine() {
		String a = enqueue("t1", 2);
		String b = enqueue("t1", 2);
		String c = enqueue("t1", 2);
		String d = enqueue("t2", 2);
		String e = enqueue("t2", 2);
		assertThat(this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT).deliveries()).extracting(Delivery::id)
			.containsExactly(a, b, d);
		// the oldest end of pending (where fetches take from) holds c again, then e
		assertThat(fixture.redis.cli("LINDEX", this.keys.pending(QUEUE), "-1")).isEqualTo(c);
		assertThat(fixture.redis.cli("LINDEX", this.keys.pending(QUEUE), "0")).isEqualTo(e);
	}

	@Test
	void everyEndOfADeliveryFreesItsKey() {
		// retry
		enqueue("t1", 1);
		Delivery retried = this.broker.dequeue(QUEUE, 1, LEASE, NO_LIMIT).deliveries().get(0);
		String next = enqueue("t1", 1);
		this.broker.retry(retried, Duration.ofHours(1), "boom");
		Delivery afterRetry = this.broker.dequeue(QUEUE, 1, LEASE, NO_LIMIT).deliveries().get(0);
		assertThat(afterRetry.id()).isEqualTo(next);
		// dead
		String third = enqueue("t1", 1);
		this.broker.kill(afterRetry, "poison");
		Delivery afterKill = this.broker.dequeue(QUEUE, 1, LEASE, NO_LIMIT).deliveries().get(0);
		assertThat(afterKill.id()).isEqualTo(third);
		// shutdown hand-back (requeue): the same task comes back
		this.broker.requeue(afterKill);
		assertThat(this.broker.dequeue(QUEUE, 1, Duration.ZERO, NO_LIMIT).deliveries()).extracting(Delivery::id)
			.containsExactly(third);
		// lease recovery (a worker killed with kill -9): the lease ran out above
		String fourth = enqueue("t1", 1);
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE, NO_LIMIT).deliveries()).isEmpty();
		assertThat(this.broker.recover(QUEUE, 10, Duration.ZERO).recovered()).isEqualTo(1);
		List<Delivery> afterRecovery = this.broker.dequeue(QUEUE, 2, LEASE, NO_LIMIT).deliveries();
		assertThat(afterRecovery).hasSize(1);
		assertThat(List.of(third, fourth)).contains(afterRecovery.get(0).id());
	}

	@Test
	void aQueueWithoutKeysWritesNothingForThem() {
		fixture.enqueue();
		fixture.enqueue();
		Dequeued taken = this.broker.dequeue(QUEUE, 2, LEASE, NO_LIMIT);
		assertThat(taken.deliveries()).hasSize(2);
		assertThat(taken.keyBlocked()).isFalse();
		assertThat(fixture.hlen(this.keys.concurrencyKeys(QUEUE))).isZero();
	}

	private String enqueue(String key, int max) {
		String id = BrokerFixture.newId();
		this.broker.enqueue(BrokerFixture.request(id).withConcurrencyKey(key, max));
		return id;
	}

}
