package io.github.asynctask.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.TaskState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.LEASE;
import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Races between callers on many threads: every id is handed out once and none is lost, a
 * bizId admits one task, and racing agents never apply a transition twice.
 */
class BrokerConcurrencyIntegrationTests extends BrokerIntegrationTestSupport {

	private ExecutorService threads;

	@BeforeEach
	void startThreads() {
		this.threads = Executors.newFixedThreadPool(16);
	}

	@AfterEach
	void tearDown() throws InterruptedException {
		this.threads.shutdownNow();
		this.threads.awaitTermination(10, TimeUnit.SECONDS);
	}

	@Test
	void eightThreadsDequeuingNeverGetTheSameIdTwiceAndLoseNone() throws Exception {
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < 3000; i++) {
			requests.add(BrokerFixture.request(BrokerFixture.newId()));
		}
		this.broker.enqueueAll(requests);
		Set<String> seen = ConcurrentHashMap.newKeySet();
		AtomicInteger duplicates = new AtomicInteger();
		runTogether(8, () -> {
			List<Delivery> batch;
			while (!(batch = this.broker.dequeue(QUEUE, 7, LEASE)).isEmpty()) {
				for (Delivery delivery : batch) {
					if (!seen.add(delivery.id())) {
						duplicates.incrementAndGet();
					}
				}
			}
			return null;
		});
		assertThat(duplicates).hasValue(0);
		assertThat(seen).hasSize(3000);
		assertThat(fixture.zcard(fixture.keys.active(QUEUE))).isEqualTo(3000);
	}

	@Test
	void sixteenThreadsSubmittingOneBizIdCreateExactlyOneTask() throws Exception {
		Collection<EnqueueResult> results = new ConcurrentLinkedQueue<>();
		runTogether(16, () -> {
			EnqueueRequest request = BrokerFixture.request(BrokerFixture.newId())
				.withBizId("order-42", Duration.ofMinutes(5));
			results.add(this.broker.enqueue(request));
			return null;
		});
		List<EnqueueResult> enqueued = results.stream()
			.filter((result) -> result.outcome() == EnqueueResult.Outcome.ENQUEUED)
			.toList();
		assertThat(enqueued).hasSize(1);
		assertThat(results).filteredOn((result) -> result.outcome() == EnqueueResult.Outcome.DUPLICATE)
			.hasSize(15)
			.allSatisfy((duplicate) -> assertThat(duplicate.id()).isEqualTo(enqueued.get(0).id()));
		assertThat(fixture.hlen(fixture.keys.tasks(QUEUE))).isEqualTo(1);
	}

	@Test
	void aBizIdIsAcceptedAgainAfterItsTtl() throws Exception {
		EnqueueRequest first = BrokerFixture.request("first").withBizId("order-7", Duration.ofSeconds(1));
		assertThat(this.broker.enqueue(first).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
		EnqueueRequest again = BrokerFixture.request("again").withBizId("order-7", Duration.ofSeconds(1));
		assertThat(this.broker.enqueue(again).outcome()).isEqualTo(EnqueueResult.Outcome.DUPLICATE);
		String uniqueKey = fixture.keys.unique(QUEUE, "mail.send", "order-7");
		while (fixture.redis.cli("EXISTS", uniqueKey).equals("1")) {
			Thread.sleep(10);
		}
		assertThat(this.broker.enqueue(again).outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
	}

	@Test
	void recoverRacingWithCompleteAppliesExactlyOneOfThem() throws Exception {
		int tasks = 400;
		for (int i = 0; i < tasks; i++) {
			fixture.enqueue();
		}
		List<Delivery> deliveries = this.broker.dequeue(QUEUE, tasks, Duration.ZERO);
		AtomicInteger completed = new AtomicInteger();
		AtomicInteger recovered = new AtomicInteger();
		CyclicBarrier start = new CyclicBarrier(2);
		Future<?> completer = this.threads.submit(() -> {
			start.await();
			for (Delivery delivery : deliveries) {
				if (this.broker.complete(delivery, Duration.ZERO) == AckResult.APPLIED) {
					completed.incrementAndGet();
				}
			}
			return null;
		});
		Future<?> recoverer = this.threads.submit(() -> {
			start.await();
			int moved;
			do {
				moved = this.broker.recover(QUEUE, 3, Duration.ofHours(1)).recovered();
				recovered.addAndGet(moved);
			}
			while (moved > 0);
			return null;
		});
		completer.get(60, TimeUnit.SECONDS);
		recoverer.get(60, TimeUnit.SECONDS);
		assertThat(completed.get() + recovered.get()).isEqualTo(tasks);
		assertThat(fixture.zcard(fixture.keys.retry(QUEUE))).isEqualTo(recovered.get());
		assertThat(fixture.hlen(fixture.keys.tasks(QUEUE))).isEqualTo(recovered.get());
		assertThat(fixture.zcard(fixture.keys.active(QUEUE))).isZero();
	}

	@Test
	void forwardRacingWithForwardMovesEachTaskOnce() throws Exception {
		for (int i = 0; i < 1000; i++) {
			this.broker.enqueue(BrokerFixture.request(BrokerFixture.newId()).withDelay(Duration.ofMillis(1)));
		}
		Thread.sleep(5);
		AtomicInteger moved = new AtomicInteger();
		runTogether(4, () -> {
			int n;
			while ((n = this.broker.forward(QUEUE, 10).moved()) > 0) {
				moved.addAndGet(n);
			}
			return null;
		});
		assertThat(moved).hasValue(1000);
		assertThat(fixture.llen(fixture.keys.pending(QUEUE))).isEqualTo(1000);
		assertThat(fixture.redis.cli("LRANGE", fixture.keys.pending(QUEUE), "0", "-1").split("\n"))
			.doesNotHaveDuplicates();
		assertThat(this.broker.list(QUEUE, TaskState.SCHEDULED, 0, 10)).isEmpty();
	}

	private void runTogether(int count, Callable<Void> work) throws Exception {
		CyclicBarrier start = new CyclicBarrier(count);
		List<Future<Void>> futures = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			futures.add(this.threads.submit(() -> {
				start.await();
				return work.call();
			}));
		}
		for (Future<Void> future : futures) {
			future.get(60, TimeUnit.SECONDS);
		}
	}

}
