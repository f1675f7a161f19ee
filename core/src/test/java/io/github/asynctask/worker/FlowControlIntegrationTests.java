package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.github.asynctask.TaskInterceptor;
import io.github.asynctask.event.CompositeTaskListener;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.limit.QueuePool;
import io.github.asynctask.limit.RateLimit;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.redis.shard.ShardedWakeSignals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Pools over several queues (weighted and strict) and cluster-wide rate limits against
 * real Redis, through whole containers.
 */
@ExtendWith(WorkerHarnessExtension.class)
class FlowControlIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private final WorkerHarness harness;

	FlowControlIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	/**
	 * 3,000 runs drawn 60/30/10: the first queue's count has a standard deviation of
	 * about 27 (0.9 points), so ±5 points is over five of them; 2,500 tasks per queue
	 * keep every queue non-empty throughout (the first needs about 1,800).
	 */
	@Test
	void aWeightedPoolWithOneThreadSharesItsRunsByWeight() {
		for (String queue : List.of("critical", "default", "low")) {
			preload(queue, 2_500);
		}
		Starts starts = new Starts();
		this.harness.start(
				settings(new QueuePool("main", 1, weights("critical", 6, "default", 3, "low", 1), false)).build(),
				(b) -> b.listener(starts));
		await().atMost(WAIT).until(() -> starts.size() >= 3_000);
		Map<String, Long> counts = starts.queues()
			.subList(0, 3_000)
			.stream()
			.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
		assertThat(share(counts, "critical")).isBetween(55.0, 65.0);
		assertThat(share(counts, "default")).isBetween(25.0, 35.0);
		assertThat(share(counts, "low")).isBetween(5.0, 15.0);
	}

	@Test
	void aStrictPoolStartsNoLowTaskWhileAHighOneIsPending() {
		preload("low", 30);
		preload("high", 30);
		Starts starts = new Starts();
		this.harness.start(settings(new QueuePool("main", 1, weights("high", 1, "low", 1), true)).build(),
				(b) -> b.listener(starts));
		await().atMost(WAIT).until(() -> starts.size() == 60);
		assertThat(starts.queues().subList(0, 30)).containsOnly("high");
		assertThat(starts.queues().subList(30, 60)).containsOnly("low");
	}

	/**
	 * Once the pool has been idle, its fetcher waited on one shard of the high queue; the
	 * low queue then keeps it busy, so it does not wait again, while high tasks land on
	 * one shard (for 3 of 4 shards not the one it waited on: this caught the old fetch,
	 * which kept asking that one shard). No low task starts while a high one is pending.
	 */
	@Test
	void aStrictPoolRunsNoLowTaskWhileTheHighQueueHasTasksOnAnyShard() {
		ShardedRedisBroker sharded = new ShardedRedisBroker(this.harness.broker, Map.of("high", 4));
		Starts starts = new Starts();
		this.harness.start(sharded,
				new ShardedWakeSignals(new RedisWakeSignals(this.harness.connectionFactory, this.harness.keys),
						sharded.layout()),
				settings(new QueuePool("main", 1, weights("high", 1, "low", 1), true)).build(),
				(b) -> b.listener(starts));
		await().atMost(WAIT).until(() -> this.harness.redis.cli("CLIENT", "LIST").contains("cmd=blpop"));
		preload("low", 400);
		await().atMost(WAIT).until(() -> starts.size() >= 5);
		preload("high#1", 10);
		int from = starts.size();
		await().atMost(WAIT).until(() -> starts.size() == 410);
		List<String> after = starts.queues().subList(from, 410);
		assertThat(after.subList(0, after.lastIndexOf("high") + 1).stream().filter("low"::equals).count())
			.as("low tasks started before the last high one (one fetch may be under way): %s", after)
			.isLessThanOrEqualTo(1);
	}

	/**
	 * An idle pool of three queues with the default intervals, measured by Redis's own
	 * command count (scripts' inner commands included) over four seconds: a fetcher that
	 * spun would cost thousands. Then a task submitted to its lowest queue starts before
	 * the fallback poll would have found it.
	 */
	@Test
	void anIdlePoolCostsAtMostFiveCommandsPerSecondPerQueueAndStillWakesForWork() throws InterruptedException {
		Starts starts = new Starts();
		WorkerSettings settings = WorkerSettings.builder(Map.of())
			.pools(Map.of("main", new QueuePool("main", 4, weights("a", 6, "b", 3, "c", 1), false)))
			.build();
		this.harness.start(settings, (b) -> b.listener(starts));
		await().atMost(WAIT).until(() -> this.harness.redis.cli("CLIENT", "LIST").contains("cmd=blpop"));
		Thread.sleep(1000); // let start-up calls (registration, first heartbeat) pass
		long before = commandCalls();
		long from = System.nanoTime();
		Thread.sleep(4000);
		double perSecondPerQueue = (commandCalls() - before - 1) / ((System.nanoTime() - from) / 1e9) / 3;
		assertThat(perSecondPerQueue).isLessThanOrEqualTo(5.0);
		EnqueueRequest template = this.harness.request("count", Map.of(), "late");
		this.harness.broker.enqueue(EnqueueRequest.now("c", "late-1", "count", template.payload(), 3));
		// well inside the fallback poll (5 x 2 s): the wake-up token of queue c woke the
		// pool
		await().atMost(Duration.ofSeconds(5)).until(() -> starts.size() == 1);
		assertThat(starts.queues()).containsExactly("c");
	}

	private long commandCalls() {
		long calls = 0;
		for (String line : this.harness.redis.cli("INFO", "commandstats").split("\\R")) {
			int at = line.indexOf("calls=");
			if (at >= 0) {
				calls += Long.parseLong(line.substring(at + 6, line.indexOf(',', at)));
			}
		}
		return calls;
	}

	/**
	 * The heartbeat renews a pool's deliveries in each of its queues, and a pool that
	 * crashes holding tasks of two queues loses them to the next instance after the
	 * lease, as a single queue's worker does.
	 */
	@Test
	void aPoolRenewsTheLeasesOfEveryQueueAndACrashedPoolsTasksAreRecovered() {
		WorkerSettings settings = settings(new QueuePool("main", 2, weights("a", 1, "b", 1), false)).build();
		WorkerContainer crashed = this.harness.start(settings);
		String inA = submitTo("a", "block", "pa");
		String inB = submitTo("b", "block", "pb");
		await().atMost(WAIT).until(() -> this.harness.probe.running.get() == 2);
		// twice the lease: without renewal of both queues' leases one would run again
		await().during(WorkerHarness.LEASE.multipliedBy(2))
			.atMost(WAIT)
			.until(() -> this.harness.probe.runs("pa") == 1 && this.harness.probe.runs("pb") == 1);
		crashed.halt();
		this.harness.probe.gate.countDown();
		this.harness.start(settings);
		await().atMost(WAIT)
			.until(() -> this.harness.broker.find("a", inA).isEmpty() && this.harness.broker.find("b", inB).isEmpty());
		assertThat(this.harness.probe.runs("pa")).isEqualTo(2);
		assertThat(this.harness.probe.runs("pb")).isEqualTo(2);
		assertThat(this.harness.probe.completions("pa")).isEqualTo(1);
		assertThat(this.harness.probe.completions("pb")).isEqualTo(1);
	}

	private String submitTo(String queue, String method, String key) {
		EnqueueRequest template = this.harness.request(method, Map.of(), key);
		String id = UUID.randomUUID().toString();
		this.harness.broker.enqueue(EnqueueRequest.now(queue, id, method, template.payload(), 3));
		return id;
	}

	@Test
	void aQueueInAPoolAndServedOnItsOwnIsRefused() {
		assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> WorkerHarness.settings(Map.of("low", 2))
			.pools(Map.of("main", new QueuePool("main", 1, weights("high", 1, "low", 1), false)))
			.build()))
			.hasMessageContaining("Queue 'low' is in async-task.pools.main.queues and also served on its own");
	}

	/**
	 * Two instances of 16 threads each against 50/1s for ten seconds: the log in Redis is
	 * shared, so together they start about 500 tasks and never more than 50 within one
	 * second. Windows are measured on the Redis time at which each run was handed out
	 * (the task's state change at fetch): on this shared two-core machine a body may
	 * start tens of milliseconds after its fetch, and such jitter would shift windows
	 * measured on the JVM's clock by more than the limiter's own error. Both instances
	 * are warmed up on an unlimited queue first.
	 */
	@Test
	void aRateLimitHoldsAcrossTwoInstances() {
		Starts starts = new Starts();
		AtomicInteger delayed = new AtomicInteger();
		TaskListener counting = new TaskListener() {

			@Override
			public void rateLimited(String queue, Duration wait) {
				delayed.incrementAndGet();
			}

		};
		WorkerSettings settings = WorkerHarness.settings(Map.of("mail", 16, "warm", 16))
			.rateLimits(Map.of("mail", RateLimit.parse("50/1s", "async-task.queues.mail.rate-limit")))
			.build();
		List<Long> handedOut = new CopyOnWriteArrayList<>();
		TaskInterceptor fetchTimes = (execution, chain) -> {
			if (execution.queue().equals("mail")) {
				handedOut
					.add(this.harness.broker.find("mail", execution.taskId()).orElseThrow().updatedAt().toEpochMilli());
			}
			chain.proceed();
		};
		WorkerContainer first = this.harness.start(settings,
				(b) -> b.listener(starts).interceptors(List.of(fetchTimes)));
		WorkerContainer second = this.harness.start(settings,
				(b) -> b.listener(new CompositeTaskListener(List.of(starts, counting)))
					.interceptors(List.of(fetchTimes)));
		preload("warm", 200);
		await().atMost(WAIT).until(() -> starts.size() == 200);
		starts.clear();
		preload("mail", 1_200);
		await().atMost(WAIT).until(() -> starts.size() > 0);
		long from = starts.times().get(0);
		long to = from + Duration.ofSeconds(10).toNanos();
		await().atMost(WAIT).until(() -> System.nanoTime() > to + Duration.ofMillis(200).toNanos());
		first.stop();
		second.stop();
		assertThat(starts.times().stream().filter((time) -> time < to)).hasSizeBetween(450, 550);
		List<Long> times = handedOut.stream().sorted().toList();
		int worst = 0;
		for (int i = 0, j = 0; i < times.size(); i++) {
			while (j < times.size() && times.get(j) - times.get(i) < 1000) {
				j++;
			}
			worst = Math.max(worst, j - i);
		}
		assertThat(worst).as("most runs handed out within one second").isLessThanOrEqualTo(55);
		assertThat(delayed.get()).as("fetches that waited for the limit").isPositive();
	}

	private WorkerSettings.Builder settings(QueuePool pool) {
		return WorkerHarness.settings(Map.of()).pools(Map.of(pool.name(), pool));
	}

	private static Map<String, Integer> weights(Object... pairs) {
		Map<String, Integer> weights = new java.util.LinkedHashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			weights.put((String) pairs[i], (Integer) pairs[i + 1]);
		}
		return weights;
	}

	private static double share(Map<String, Long> counts, String queue) {
		return 100.0 * counts.getOrDefault(queue, 0L) / 3_000;
	}

	private void preload(String queue, int count) {
		EnqueueRequest template = this.harness.request("count", Map.of(), "k");
		List<EnqueueRequest> batch = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			batch.add(EnqueueRequest.now(queue, UUID.randomUUID().toString(), "count", template.payload(), 3));
		}
		this.harness.broker.enqueueAll(batch);
	}

	/** Records which queue each start came from, and when, across containers. */
	static final class Starts implements TaskListener {

		private final List<String> queues = Collections.synchronizedList(new ArrayList<>());

		private final List<Long> times = new CopyOnWriteArrayList<>();

		@Override
		public synchronized void started(String queue, String task) {
			this.queues.add(queue);
			this.times.add(System.nanoTime());
		}

		synchronized void clear() {
			this.queues.clear();
			this.times.clear();
		}

		synchronized int size() {
			return this.queues.size();
		}

		synchronized List<String> queues() {
			return List.copyOf(this.queues);
		}

		synchronized List<Long> times() {
			return List.copyOf(this.times);
		}

	}

}
