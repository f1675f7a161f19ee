package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

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
 * A queue held at its limit: four producers submit as fast as they can for
 * {@value #HELD_SECONDS} s into a queue of limit {@value #LIMIT} whose one consumer is
 * far slower. A sampler reads the backlog all along: it never passes the limit; every
 * task Redis accepted is delivered and completed once the producers stop, and no refused
 * task left anything in Redis.
 */
class BacklogHeldAtLimitIntegrationTests extends BrokerIntegrationTestSupport {

	private static final int LIMIT = 200;

	private static final int HELD_SECONDS = 10;

	@AfterEach
	void noLimits() {
		this.broker.backlogLimits(BacklogLimits.NONE);
	}

	@Test
	void aQueueHeldAtItsLimitNeverPassesItAndLosesNothing() throws Exception {
		this.broker.backlogLimits(new BacklogLimits(
				Map.of(QUEUE, new BacklogLimit(LIMIT, BacklogLimit.OnFull.REJECT, Duration.ZERO)), Map.of()));
		Set<String> accepted = ConcurrentHashMap.newKeySet();
		Set<String> completed = ConcurrentHashMap.newKeySet();
		AtomicLong refused = new AtomicLong();
		AtomicLong maxBacklog = new AtomicLong();
		AtomicBoolean producing = new AtomicBoolean(true);
		ExecutorService threads = Executors.newFixedThreadPool(6);
		try {
			List<Future<?>> producers = new ArrayList<>();
			for (int p = 0; p < 4; p++) {
				producers.add(threads.submit(() -> {
					while (producing.get()) {
						String id = newId();
						Outcome outcome = this.broker.enqueue(request(id)).outcome();
						if (outcome == Outcome.ENQUEUED) {
							accepted.add(id);
						}
						else {
							assertThat(outcome).isEqualTo(Outcome.QUEUE_FULL);
							refused.incrementAndGet();
						}
					}
				}));
			}
			Future<?> sampler = threads.submit(() -> {
				while (producing.get()) {
					maxBacklog.accumulateAndGet(backlog(), Math::max);
				}
			});
			Future<?> consumer = threads.submit(() -> {
				while (producing.get()) {
					consumeOne(completed);
				}
			});
			long until = System.nanoTime() + Duration.ofSeconds(HELD_SECONDS).toNanos();
			while (System.nanoTime() < until) {
				maxBacklog.accumulateAndGet(backlog(), Math::max);
			}
			producing.set(false);
			for (Future<?> producer : producers) {
				producer.get();
			}
			sampler.get();
			consumer.get();
		}
		finally {
			threads.shutdownNow();
		}
		// drain what is left: every accepted task runs once
		while (backlog() > 0) {
			consumeOne(completed);
		}
		assertThat(refused.get()).as("producers were faster than the consumer").isPositive();
		assertThat(maxBacklog.get()).isLessThanOrEqualTo(LIMIT);
		assertThat(completed).isEqualTo(accepted);
		assertThat(fixture.hlen(this.keys.tasks(QUEUE))).as("no refused task left data").isZero();
	}

	private void consumeOne(Set<String> completed) {
		for (Delivery delivery : this.broker.dequeue(QUEUE, 1, LEASE)) {
			this.broker.complete(delivery, Duration.ZERO);
			assertThat(completed.add(delivery.id())).as("delivered once: " + delivery.id()).isTrue();
		}
	}

	private long backlog() {
		return fixture.llen(this.keys.pending(QUEUE)) + fixture.zcard(this.keys.scheduled(QUEUE))
				+ fixture.zcard(this.keys.retry(QUEUE));
	}

}
