package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The janitor on real Redis: it trims every registered queue, not only those its instance
 * serves, caps the dead set, and forgets queues that stayed empty and unseen.
 */
@ExtendWith(WorkerHarnessExtension.class)
class JanitorIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private final WorkerHarness harness;

	JanitorIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void trimsTheDeadOfAQueueNoLiveInstanceServes() {
		this.harness.broker.registerQueues(List.of("orphan"));
		kill("orphan", 3);
		this.harness
			.start(fastJanitor().retention(new WorkerSettings.Retention(Duration.ZERO, Duration.ofMillis(1))).build());

		await().atMost(WAIT).until(() -> this.harness.broker.stats("orphan").dead() == 0);
	}

	@Test
	void capsEachDeadSetDroppingTheOldestFirstAndCountsThem() {
		this.harness.broker.registerQueues(List.of("orphan"));
		List<String> dead = kill("orphan", 5);
		AtomicInteger dropped = new AtomicInteger();
		TaskListener listener = new TaskListener() {

			@Override
			public void deadDropped(String queue, int count) {
				dropped.addAndGet(count);
			}

		};
		this.harness.start(
				fastJanitor().retention(new WorkerSettings.Retention(Duration.ZERO, Duration.ofDays(7), 3)).build(),
				(builder) -> builder.listener(listener));

		await().atMost(WAIT).until(() -> this.harness.broker.stats("orphan").dead() == 3);
		assertThat(this.harness.broker.find("orphan", dead.get(0))).isEmpty();
		assertThat(this.harness.broker.find("orphan", dead.get(1))).isEmpty();
		assertThat(dead.subList(2, 5))
			.allSatisfy((id) -> assertThat(this.harness.broker.find("orphan", id)).isPresent());
		await().atMost(WAIT).until(() -> dropped.get() == 2);
	}

	@Test
	void forgetsAQueueEmptyInEveryStateAndUnseenForADayAndKeepsTheOthers() {
		this.harness.broker.registerQueues(List.of("gone", "busy", "fresh"));
		this.harness.broker.enqueue(EnqueueRequest.now("busy", "b-1", "count", "{\"v\":1,\"args\":[\"b\"]}", 0));
		long twoDaysAgo = System.currentTimeMillis() - Duration.ofDays(2).toMillis();
		this.harness.redis.cli("ZADD", this.harness.keys.queues(), Long.toString(twoDaysAgo), "gone");
		this.harness.redis.cli("ZADD", this.harness.keys.queues(), Long.toString(twoDaysAgo), "busy");
		this.harness.start(fastJanitor().build());

		await().atMost(WAIT).until(() -> !this.harness.broker.knownQueues().contains("gone"));
		assertThat(this.harness.broker.knownQueues()).contains("busy", "fresh", "q");
	}

	private static WorkerSettings.Builder fastJanitor() {
		return WorkerHarness.settings(Map.of("q", 1)).janitorInterval(Duration.ofMillis(200));
	}

	/** Dead tasks in the queue, oldest first. */
	private List<String> kill(String queue, int count) {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String id = queue + "-" + i;
			this.harness.broker.enqueue(EnqueueRequest.now(queue, id, "count", "{\"v\":1,\"args\":[\"x\"]}", 0));
			Delivery delivery = this.harness.broker.dequeue(queue, 1, Duration.ofMinutes(1)).get(0);
			this.harness.broker.kill(delivery, "test");
			// distinct died-at times, so "oldest first" is defined
			long diedAt = Long.parseLong(this.harness.redis.cli("ZSCORE", this.harness.keys.dead(queue), id));
			await().atMost(WAIT).until(() -> redisNow() > diedAt);
			ids.add(id);
		}
		return ids;
	}

	private long redisNow() {
		String[] time = this.harness.redis.cli("TIME").split("\\s+");
		return Long.parseLong(time[0]) * 1000 + Long.parseLong(time[1]) / 1000;
	}

}
