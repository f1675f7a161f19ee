package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
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
	void aKeyOfTwoRunsTwoAndThePassedOverTaskComesFirstOnceItsKeyFrees() {
		String a = enqueue("t1", 2);
		String b = enqueue("t1", 2);
		String c = enqueue("t1", 2);
		String d = enqueue("t2", 2);
		String e = enqueue("t2", 2);
		List<Delivery> taken = this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT).deliveries();
		assertThat(taken).extracting(Delivery::id).containsExactly(a, b, d);
		// c is parked with its key, still pending; e is still in line
		assertThat(fixture.zcard(this.keys.parkedByKey(QUEUE))).isEqualTo(1);
		assertThat(fixture.redis.cli("LINDEX", this.keys.pending(QUEUE), "-1")).isEqualTo(e);
		assertThat(this.broker.stats(QUEUE).pending()).isEqualTo(2);
		this.broker.complete(taken.get(0), Duration.ZERO);
		assertThat(this.broker.dequeue(QUEUE, 2, LEASE, NO_LIMIT).deliveries()).extracting(Delivery::id)
			.containsExactly(c, e);
	}

	/**
	 * A key at its limit with 300 tasks ahead of every other key's: each fetch pops at
	 * most its batch and 100 more, parks the hot key's tasks once (they are not pushed
	 * back for the next fetch to pop again), so the other keys' tasks come out within a
	 * few fetches; the hot key's next task follows in order when its delivery ends.
	 */
	@Test
	void aHotKeysBacklogDoesNotStarveOtherKeys() {
		List<EnqueueRequest> hot = new ArrayList<>();
		for (int i = 0; i < 300; i++) {
			hot.add(BrokerFixture.request(BrokerFixture.newId()).withConcurrencyKey("hot", 1));
		}
		this.broker.enqueueAll(hot);
		String cold = enqueue("cold", 1);
		String plain = fixture.enqueue();
		List<Delivery> taken = new ArrayList<>();
		for (int i = 0; i < 6 && taken.size() < 3; i++) {
			taken.addAll(this.broker.dequeue(QUEUE, 2, LEASE, NO_LIMIT).deliveries());
		}
		assertThat(taken).extracting(Delivery::id).containsExactly(hot.get(0).id(), cold, plain);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isZero();
		assertThat(fixture.zcard(this.keys.parkedByKey(QUEUE))).isEqualTo(299);
		assertThat(this.broker.stats(QUEUE).pending()).isEqualTo(299);
		Dequeued blocked = this.broker.dequeue(QUEUE, 2, LEASE, NO_LIMIT);
		assertThat(blocked.deliveries()).isEmpty();
		assertThat(blocked.keyBlocked()).isTrue();
		this.broker.complete(taken.get(0), Duration.ZERO);
		assertThat(this.broker.dequeue(QUEUE, 2, LEASE, NO_LIMIT).deliveries()).extracting(Delivery::id)
			.containsExactly(hot.get(1).id());
	}

	@Test
	void aParkedTaskDeletedMeanwhileIsDroppedWhenItsKeyFrees() {
		String first = enqueue("t1", 1);
		String deleted = enqueue("t1", 1);
		String last = enqueue("t1", 1);
		Delivery running = this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT).deliveries().get(0);
		assertThat(running.id()).isEqualTo(first);
		assertThat(this.broker.delete(QUEUE, deleted)).isTrue();
		this.broker.complete(running, Duration.ZERO);
		assertThat(this.broker.dequeue(QUEUE, 3, LEASE, NO_LIMIT).deliveries()).extracting(Delivery::id)
			.containsExactly(last);
		assertThat(fixture.zcard(this.keys.parkedByKey(QUEUE))).isZero();
		assertThat(fixture.redis.cli("EXISTS", this.keys.parkedKeys(QUEUE))).isEqualTo("0");
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
