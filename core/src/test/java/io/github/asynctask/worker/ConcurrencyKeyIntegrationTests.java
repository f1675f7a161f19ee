package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code maxConcurrency} per {@code concurrencyKey} through whole containers on real
 * Redis: never two of one key at once, keys not held up by each other, and a key held by
 * a crashed worker free again after its lease.
 */
@ExtendWith(WorkerHarnessExtension.class)
class ConcurrencyKeyIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final long TASK_MILLIS = 40;

	private final KeyedProbe keyed = new KeyedProbe();

	private final WorkerHarness harness;

	ConcurrencyKeyIntegrationTests(WorkerHarness harness) {
		this.harness = harness
			.define(TestTasks.definition("work", "k", this.keyed, "work", 0, Duration.ofSeconds(30), List.of()));
	}

	@AfterEach
	void release() {
		this.keyed.gate.countDown();
	}

	/**
	 * 4 keys x 50 tasks of 40 ms on 8 threads: never two of one key at once, and the keys
	 * run beside each other (all four at once at some moment) rather than one blocked key
	 * holding up the others.
	 */
	@Test
	void eightThreadsRunAtMostOneTaskPerKeyAndEveryKeyProgresses() {
		List<EnqueueRequest> requests = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			for (String tenant : List.of("t1", "t2", "t3", "t4")) {
				requests.add(request(tenant, TASK_MILLIS));
			}
		}
		this.harness.broker.enqueueAll(requests);
		this.harness.start(WorkerHarness.settings(Map.of("k", 8)).build());
		await().atMost(WAIT).until(() -> this.keyed.completed.get() == 200);
		for (String tenant : List.of("t1", "t2", "t3", "t4")) {
			assertThat(this.keyed.most.get(tenant).get()).as("most of %s at once", tenant).isEqualTo(1);
			assertThat(this.keyed.runs.get(tenant).get()).isEqualTo(50);
		}
		assertThat(this.keyed.mostAll.get()).as("most tasks of any key at once").isEqualTo(4);
	}

	/**
	 * A worker killed while it runs a key's task keeps the key until its lease runs out;
	 * then the recoverer hands the task back and the key's other tasks run on the next
	 * instance, one at a time.
	 */
	@Test
	void aKeyHeldByACrashedWorkerIsFreeAgainAfterTheLease() {
		this.keyed.gate = new CountDownLatch(1);
		WorkerContainer crashed = this.harness.start(WorkerHarness.settings(Map.of("k", 4)).build());
		this.harness.broker.enqueue(request("t1", 0));
		await().atMost(WAIT)
			.until(() -> this.keyed.runs.getOrDefault("t1", new java.util.concurrent.atomic.AtomicInteger())
				.get() == 1);
		this.harness.broker.enqueue(request("t1", 0));
		this.harness.broker.enqueue(request("t2", 0));
		// t2 runs beside the held key; t1's second task waits
		await().atMost(WAIT).until(() -> this.keyed.runs.containsKey("t2"));
		assertThat(this.keyed.runs.get("t1").get()).isEqualTo(1);
		crashed.halt();
		this.keyed.gate.countDown();
		this.harness.start(WorkerHarness.settings(Map.of("k", 4)).build());
		// the crashed delivery runs again after the lease, and the waiting one runs too
		await().atMost(WAIT).until(() -> this.keyed.runs.get("t1").get() == 3);
		await().atMost(WAIT).until(() -> this.keyed.running.get("t1").get() == 0);
		assertThat(this.keyed.most.get("t1").get()).isEqualTo(1);
	}

	private EnqueueRequest request(String tenant, long millis) {
		String payload = this.harness.codec.encode(this.harness.registry.find("work").orElseThrow(),
				new Object[] { tenant, millis }, Map.of(), null);
		return EnqueueRequest.now("k", UUID.randomUUID().toString(), "work", payload, 3).withConcurrencyKey(tenant, 1);
	}

}
