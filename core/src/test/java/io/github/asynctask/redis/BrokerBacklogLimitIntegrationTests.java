package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.asynctask.limit.BacklogLimit;
import io.github.asynctask.limit.BacklogLimits;
import io.github.asynctask.redis.EnqueueResult.Outcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static io.github.asynctask.redis.BrokerFixture.newId;
import static io.github.asynctask.redis.BrokerFixture.request;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The enqueue script's backlog limit: pending + scheduled + retry of a queue never pass
 * its max-backlog, a refused task leaves nothing behind, and a duplicate or re-send on a
 * full queue is answered as without a limit.
 */
class BrokerBacklogLimitIntegrationTests extends BrokerIntegrationTestSupport {

	@AfterEach
	void noLimits() {
		this.broker.backlogLimits(BacklogLimits.NONE);
	}

	private void limit(long max) {
		this.broker.backlogLimits(new BacklogLimits(
				Map.of(QUEUE, new BacklogLimit(max, BacklogLimit.OnFull.REJECT, Duration.ZERO)), Map.of()));
	}

	@Test
	void aFullQueueRefusesTheTasksPastItsLimitAndWritesNothingOfThem() {
		limit(3);
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			requests.add(request(newId()));
		}
		List<EnqueueResult> results = this.broker.enqueueAll(requests);
		assertThat(results).extracting(EnqueueResult::outcome)
			.containsExactly(Outcome.ENQUEUED, Outcome.ENQUEUED, Outcome.ENQUEUED, Outcome.QUEUE_FULL,
					Outcome.QUEUE_FULL);
		assertThat(results.get(4).backlog()).isEqualTo(3);
		assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(3);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).isEqualTo(3);
		assertThat(fixture.hlen(this.keys.payloads(QUEUE))).isZero();
	}

	@Test
	void scheduledAndRetryingTasksCountButRunningOnesDoNot() {
		limit(3);
		String retried = fixture.enqueue();
		Delivery delivery = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(this.broker.enqueue(request(newId())).outcome()).isEqualTo(Outcome.ENQUEUED);
		this.broker.retry(delivery, Duration.ofHours(1), "boom");
		assertThat(this.broker.enqueue(request(newId()).withDelay(Duration.ofHours(1))).outcome())
			.isEqualTo(Outcome.SCHEDULED);
		EnqueueResult full = this.broker.enqueue(request(newId()));
		assertThat(full.outcome()).isEqualTo(Outcome.QUEUE_FULL);
		assertThat(full.backlog()).isEqualTo(3);
		assertThat(fixture.zcard(this.keys.retry(QUEUE))).isEqualTo(1);
		// a running task frees its place: the queue takes one more
		Delivery running = this.broker.dequeue(QUEUE, 1, LEASE).get(0);
		assertThat(running.id()).isNotEqualTo(retried);
		assertThat(this.broker.enqueue(request(newId())).outcome()).isEqualTo(Outcome.ENQUEUED);
	}

	@Test
	void aDuplicateBizIdOnAFullQueueNamesItsHolderAndARefusedOneClaimsNoKey() {
		limit(1);
		String holder = newId();
		Duration ttl = Duration.ofHours(1);
		assertThat(this.broker.enqueue(request(holder).withBizId("order-1", ttl)).outcome())
			.isEqualTo(Outcome.ENQUEUED);
		EnqueueResult duplicate = this.broker.enqueue(request(newId()).withBizId("order-1", ttl));
		assertThat(duplicate.outcome()).isEqualTo(Outcome.DUPLICATE);
		assertThat(duplicate.id()).isEqualTo(holder);
		assertThat(this.broker.enqueue(request(holder)).outcome()).isEqualTo(Outcome.ALREADY_EXISTS);
		assertThat(this.broker.enqueue(request(newId()).withBizId("order-2", ttl)).outcome())
			.isEqualTo(Outcome.QUEUE_FULL);
		assertThat(fixture.redis.cli("EXISTS", this.keys.unique(QUEUE, "mail.send", "order-2"))).isEqualTo("0");
		this.broker.complete(this.broker.dequeue(QUEUE, 1, LEASE).get(0), Duration.ZERO);
		assertThat(this.broker.enqueue(request(newId()).withBizId("order-2", ttl)).outcome())
			.isEqualTo(Outcome.ENQUEUED);
	}

	@Test
	void concurrentSubmittersNeverTakeTheQueuePastItsLimit() throws Exception {
		limit(100);
		ExecutorService threads = Executors.newFixedThreadPool(8);
		try {
			List<Future<Long>> enqueued = new ArrayList<>();
			for (int t = 0; t < 8; t++) {
				enqueued.add(threads.submit(() -> {
					long count = 0;
					for (int i = 0; i < 40; i++) {
						count += (this.broker.enqueue(request(newId())).outcome() == Outcome.ENQUEUED) ? 1 : 0;
					}
					return count;
				}));
			}
			long total = 0;
			for (Future<Long> one : enqueued) {
				total += one.get();
			}
			assertThat(total).isEqualTo(100);
			assertThat(fixture.llen(this.keys.pending(QUEUE))).isEqualTo(100);
		}
		finally {
			threads.shutdownNow();
		}
	}

	@Test
	void aQueueWithoutALimitIsNotLimited() {
		limit(1);
		for (int i = 0; i < 5; i++) {
			assertThat(this.broker.enqueue(EnqueueRequest.now("other", newId(), "t", "{}", 0)).outcome())
				.isEqualTo(Outcome.ENQUEUED);
		}
	}

}
