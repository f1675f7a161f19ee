package io.github.asynctask.redis.lua;

import java.time.Duration;
import java.util.List;

import io.github.asynctask.RedisUnavailableException;
import io.github.asynctask.redis.BrokerIntegrationTestSupport;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A dequeue whose reply never reaches the worker (reply timeout, a connection lost and
 * the command re-sent) neither strands its tasks for a lease nor counts their attempt.
 */
class BrokerLostFetchIntegrationTests extends BrokerIntegrationTestSupport {

	@Test
	void aFetchWhoseReplyWasLostIsHandedBackUncounted() {
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "once", "mail.send", "{}", 0));
		String later = fixture.enqueue();
		// Redis ran the call, the reply was lost on the way
		assertThat(this.broker.dequeue(QUEUE, 2, LEASE, "f1")).hasSize(2);
		assertThat(this.broker.releaseFetch(QUEUE, "f1", LEASE)).isEqualTo(2);
		assertThat(this.broker.stats(QUEUE)).satisfies((stats) -> {
			assertThat(stats.pending()).isEqualTo(2);
			assertThat(stats.active()).isZero();
		});
		assertThat(fixture.hlen(this.keys.leases(QUEUE))).isZero();
		// a late re-send of the same call takes nothing
		assertThat(this.broker.dequeue(QUEUE, 2, LEASE, "f1")).isEmpty();
		List<Delivery> again = this.broker.dequeue(QUEUE, 2, LEASE);
		assertThat(again).extracting(Delivery::id).containsExactly("once", later);
		assertThat(again).extracting(Delivery::attempt).containsOnly(1);
	}

	@Test
	void aRecordAnEarlierBuildWroteAsAHashIsHandedBackToo() {
		fixture.enqueue();
		Delivery taken = this.broker.dequeue(QUEUE, 1, LEASE, "f1").get(0);
		String record = this.keys.fetch(QUEUE, "f1");
		assertThat(fixture.redis.cli("TYPE", record)).isEqualTo("string");
		// the form before the string record: hash id -> token
		fixture.redis.cli("DEL", record);
		fixture.redis.cli("HSET", record, taken.id(), Long.toString(taken.token()));
		assertThat(this.broker.releaseFetch(QUEUE, "f1", LEASE)).isEqualTo(1);
		assertThat(this.broker.stats(QUEUE).pending()).isEqualTo(1);
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE)).extracting(Delivery::attempt).containsExactly(1);
	}

	@Test
	void aReSentFetchTakesNothing() {
		String first = fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE, "f1")).extracting(Delivery::id).containsExactly(first);
		String second = fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE, "f1")).isEmpty();
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE)).extracting(Delivery::id).containsExactly(second);
	}

	@Test
	void aReleaseLeavesTasksThatMovedOnSinceTheFetch() {
		fixture.enqueue();
		fixture.enqueue();
		List<Delivery> taken = this.broker.dequeue(QUEUE, 2, LEASE, "f1");
		this.broker.complete(taken.get(0), Duration.ZERO);
		assertThat(this.broker.releaseFetch(QUEUE, "f1", LEASE)).isEqualTo(1);
		assertThat(this.broker.find(QUEUE, taken.get(0).id())).isEmpty();
		assertThat(this.broker.dequeue(QUEUE, 2, LEASE)).extracting(Delivery::id).containsExactly(taken.get(1).id());
		// a release of a fetch Redis never ran leaves a tombstone only
		assertThat(this.broker.releaseFetch(QUEUE, "never-ran", LEASE)).isZero();
		fixture.enqueue();
		assertThat(this.broker.dequeue(QUEUE, 1, LEASE, "never-ran")).isEmpty();
	}

	@Test
	void theRecordOfAnAnsweredFetchIsDroppedByTheNextFetch() {
		for (int i = 0; i < 3; i++) {
			fixture.enqueue();
			assertThat(this.broker.dequeue(QUEUE, 1, LEASE)).hasSize(1);
		}
		assertThat(fixture.redis.cli("KEYS", this.keys.fetch(QUEUE, "*")).split("\n")).hasSize(1);
	}

	@Test
	void aFetchThatTimedOutIsHandedBackBeforeTheNextFetchAndATaskWithoutRetriesStillRuns() {
		LuaRedisBroker impatient = new LuaRedisBroker(connectionFactory, this.keys, Duration.ZERO,
				Duration.ofMillis(200));
		assertThat(impatient.dequeue(QUEUE, 1, LEASE)).isEmpty(); // Redis knows the
																	// script
		this.broker.enqueue(EnqueueRequest.now(QUEUE, "once", "mail.send", "{}", 0));
		// Redis holds the call past the reply timeout, then runs it
		fixture.redis.cli("CLIENT", "PAUSE", "1000", "ALL");
		assertThatExceptionOfType(RedisUnavailableException.class).isThrownBy(() -> impatient.dequeue(QUEUE, 1, LEASE));
		List<Delivery> taken = fetchUntilAnswered(impatient);
		assertThat(taken).singleElement().satisfies((delivery) -> {
			assertThat(delivery.id()).isEqualTo("once");
			assertThat(delivery.attempt()).isEqualTo(1);
		});
		assertThat(this.broker.stats(QUEUE).active()).isEqualTo(1);
	}

	/**
	 * Fetches until a call is answered: calls made while Redis is paused time out too.
	 */
	private static List<Delivery> fetchUntilAnswered(LuaRedisBroker broker) {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (true) {
			try {
				return broker.dequeue(QUEUE, 1, LEASE);
			}
			catch (RedisUnavailableException ex) {
				if (System.nanoTime() - deadline > 0) {
					throw ex;
				}
			}
		}
	}

}
