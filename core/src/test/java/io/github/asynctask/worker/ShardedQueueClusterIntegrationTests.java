package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.QueueStats;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.shard.ShardedRedisBroker;
import io.github.asynctask.redis.shard.ShardedWakeSignals;
import io.github.asynctask.test.RedisCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A sharded queue on a local 6-master Redis Cluster, through the workers: every task runs
 * once whichever shard (and master) holds it, a bizId is deduplicated across shards, and
 * the shard count can be raised and lowered while tasks flow without losing or stranding
 * one.
 */
class ShardedQueueClusterIntegrationTests {

	private static final int MASTERS = 6;

	private static final Duration WAIT = Duration.ofSeconds(90);

	private static RedisCluster cluster;

	private static LettuceConnectionFactory connectionFactory;

	private final Probe probe = new Probe();

	private final TestTasks.JsonCodec codec = new TestTasks.JsonCodec();

	private final List<WorkerContainer> containers = new ArrayList<>();

	private RedisKeys keys;

	private TestTasks.MapRegistry registry;

	@BeforeAll
	static void startCluster() {
		cluster = RedisCluster.start(MASTERS);
		connectionFactory = new LettuceConnectionFactory(new RedisClusterConfiguration(cluster.hostPorts()),
				LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(5)).build());
		connectionFactory.afterPropertiesSet();
		connectionFactory.start();
	}

	@AfterAll
	static void stopCluster() {
		connectionFactory.destroy();
		cluster.close();
	}

	@BeforeEach
	void setUp() {
		// a prefix per test: the tests share the cluster
		this.keys = new RedisKeys("sh" + UUID.randomUUID().toString().substring(0, 8));
		TaskDefinition count = TestTasks.definition("count", "q", this.probe, "count", 3, Duration.ofSeconds(30),
				List.of());
		TaskDefinition sleep = TestTasks.definition("sleep", "q", this.probe, "sleep", 3, Duration.ofSeconds(30),
				List.of());
		this.registry = new TestTasks.MapRegistry(count, sleep);
	}

	@AfterEach
	void tearDown() {
		this.containers.forEach((container) -> {
			if (container.isRunning()) {
				container.halt();
			}
		});
	}

	@Test
	void twentyThousandTasksOnSixShardsEachRunOnceAndSpreadOverEveryMaster() {
		ShardedRedisBroker broker = broker(6);
		List<String> ids = submit(broker, 20_000, "count");
		List<QueueStats> shards = broker.shardStats("q");
		assertThat(shards).hasSize(6).allSatisfy((stats) -> assertThat(stats.pending()).isGreaterThan(2_500));
		Set<String> masters = new HashSet<>();
		for (int i = 0; i < 6; i++) {
			masters.add(String.valueOf(cluster.masterFor(this.keys.pending(RedisKeys.shard("q", i))).port()));
		}
		assertThat(masters).as("shards of q spread over the masters").hasSizeGreaterThanOrEqualTo(4);
		assertThat(broker.stats("q").pending()).isEqualTo(20_000);

		start(broker, 16);
		start(broker(6), 16);

		await().atMost(WAIT).until(() -> this.probe.completions.size() == ids.size());
		await().atMost(WAIT).until(() -> broker.stats("q").active() == 0);
		assertThat(ids).allSatisfy((id) -> assertThat(this.probe.runs(id)).as("runs of " + id).isEqualTo(1));
		QueueStats stats = broker.stats("q");
		assertThat(stats.pending() + stats.scheduled() + stats.retry() + stats.dead()).isZero();
	}

	@Test
	void moreShardsThanMastersPauseAndResumeTogetherAndEveryTaskRuns() {
		ShardedRedisBroker broker = broker(24);
		broker.pause("q");
		List<String> ids = submit(broker, 2000, "count");
		start(broker(24), 16);
		assertThat(broker.stats("q").paused()).isTrue();
		broker.resume("q");
		await().atMost(WAIT).until(() -> this.probe.completions.size() == ids.size());
		assertThat(ids).allSatisfy((id) -> assertThat(this.probe.runs(id)).as("runs of " + id).isEqualTo(1));
		assertThat(broker.shardStats("q")).hasSize(24).allSatisfy((stats) -> assertThat(stats.paused()).isFalse());
	}

	@Test
	void aBizIdIsDeduplicatedAcrossShardsAndInstances() throws Exception {
		ShardedRedisBroker first = broker(6);
		ShardedRedisBroker second = broker(6);
		ExecutorService threads = Executors.newFixedThreadPool(4);
		try {
			List<Future<EnqueueResult>> results = new ArrayList<>();
			for (int b = 0; b < 60; b++) {
				String bizId = "order-" + b;
				for (int copy = 0; copy < 4; copy++) {
					ShardedRedisBroker broker = (copy % 2 == 0) ? first : second;
					EnqueueRequest request = request("count", UUID.randomUUID().toString()).withBizId(bizId,
							Duration.ofMinutes(5));
					results.add(threads.submit(() -> broker.enqueue(request)));
				}
			}
			int enqueued = 0;
			for (Future<EnqueueResult> result : results) {
				if (result.get(30, TimeUnit.SECONDS).outcome() == EnqueueResult.Outcome.ENQUEUED) {
					enqueued++;
				}
			}
			assertThat(enqueued).as("one enqueue per bizId").isEqualTo(60);
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(first.shardStats("q")).as("60 bizIds hash to every one of 6 shards")
			.allSatisfy((stats) -> assertThat(stats.pending()).isPositive());
		assertThat(first.stats("q").pending()).isEqualTo(60);
	}

	@Test
	void raisingTheShardCountFromOneToFourUnderLoadRunsEveryTaskOnce() {
		ShardedRedisBroker one = broker(1);
		start(one, 4);
		Load load = new Load(one);
		load.start();
		await().atMost(WAIT).until(() -> this.probe.completions.size() > 200);
		// a new release with 4 shards rolls in: it submits to 4 shards, the old one
		// learns of them from the registry and serves them too
		ShardedRedisBroker four = broker(4);
		start(four, 4);
		load.switchTo(four);
		await().atMost(WAIT).until(() -> this.probe.completions.size() > load.submitted() / 2 + 600);
		assertThat(four.shardStats("q")).hasSize(4);
		// the instance configured with 1 learns of the 4 registered shards within a
		// refresh and serves them too
		await().atMost(WAIT).until(() -> one.layout().served("q").size() == 4);
		List<String> ids = load.stop();
		this.containers.get(0).stop();
		awaitEachRanOnce(four, ids);
	}

	@Test
	void loweringTheShardCountFromFourToOneUnderLoadDrainsTheOldShards() {
		ShardedRedisBroker four = broker(4);
		WorkerContainer old = start(four, 2);
		Load load = new Load(four);
		load.start();
		await().atMost(WAIT).until(() -> this.probe.completions.size() > 200);
		ShardedRedisBroker one = broker(1);
		start(one, 4);
		load.switchTo(one);
		// the old instance goes away while its shards still hold tasks
		old.stop();
		await().atMost(WAIT).until(() -> this.probe.completions.size() > load.submitted() / 2 + 600);
		List<String> ids = load.stop();
		assertThat(one.layout().served("q")).as("shards 1..3 are still served").hasSize(4);
		awaitEachRanOnce(one, ids);
		assertThat(one.shardStats("q").subList(1, 4)).allSatisfy((stats) -> assertThat(stats.pending()).isZero());
	}

	private void awaitEachRanOnce(ShardedRedisBroker broker, List<String> ids) {
		await().atMost(WAIT).until(() -> ids.stream().allMatch((id) -> this.probe.completions(id) >= 1));
		await().atMost(WAIT).until(() -> broker.stats("q").active() == 0);
		assertThat(ids).allSatisfy((id) -> assertThat(this.probe.runs(id)).as("runs of " + id).isEqualTo(1));
	}

	private ShardedRedisBroker broker(int shards) {
		return new ShardedRedisBroker(new LuaRedisBroker(connectionFactory, this.keys), Map.of("q", shards));
	}

	private WorkerContainer start(ShardedRedisBroker broker, int concurrency) {
		WorkerSettings settings = WorkerSettings.builder(Map.of("q", concurrency))
			.lease(Duration.ofSeconds(5))
			.heartbeatInterval(Duration.ofSeconds(1))
			.pollInterval(Duration.ofMillis(200))
			.recoverInterval(Duration.ofMillis(500))
			.shutdownTimeout(Duration.ofSeconds(5))
			.build();
		WorkerContainer container = new WorkerContainerBuilder(broker,
				new ShardedWakeSignals(new RedisWakeSignals(connectionFactory, this.keys), broker.layout()),
				this.registry, this.codec, new TestTasks.ReflectiveInvoker(), settings)
			.backoff(Backoffs.fixed(Duration.ZERO))
			.build();
		this.containers.add(container);
		container.start();
		return container;
	}

	private List<String> submit(ShardedRedisBroker broker, int count, String method) {
		List<String> ids = new ArrayList<>(count);
		List<EnqueueRequest> batch = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String id = UUID.randomUUID().toString();
			ids.add(id);
			batch.add(request(method, id));
			if (batch.size() == 500 || i == count - 1) {
				assertThat(broker.enqueueAll(batch)).extracting(EnqueueResult::outcome)
					.containsOnly(EnqueueResult.Outcome.ENQUEUED);
				batch.clear();
			}
		}
		return ids;
	}

	/** A task whose key is its id, so runs are counted per task. */
	private EnqueueRequest request(String method, String id) {
		TaskDefinition definition = this.registry.find(method).orElseThrow();
		Object[] args = method.equals("sleep") ? new Object[] { id, 5L } : new Object[] { id };
		return EnqueueRequest.now("q", id, method, this.codec.encode(definition, args, Map.of(), null),
				definition.maxRetries());
	}

	/** Submits small batches of short tasks from one thread until stopped. */
	private final class Load {

		private final List<String> ids = new ArrayList<>();

		private final AtomicInteger submitted = new AtomicInteger();

		private final AtomicBoolean running = new AtomicBoolean(true);

		private volatile ShardedRedisBroker broker;

		private final Thread thread = new Thread(this::run, "shard-load");

		Load(ShardedRedisBroker broker) {
			this.broker = broker;
		}

		void start() {
			this.thread.start();
		}

		void switchTo(ShardedRedisBroker broker) {
			this.broker = broker;
			int now = this.submitted.get();
			await().atMost(WAIT).until(() -> this.submitted.get() > now + 100);
		}

		int submitted() {
			return this.submitted.get();
		}

		List<String> stop() {
			this.running.set(false);
			try {
				this.thread.join(WAIT.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			synchronized (this.ids) {
				return List.copyOf(this.ids);
			}
		}

		private void run() {
			while (this.running.get()) {
				List<String> batch = submit(this.broker, 20, "sleep");
				synchronized (this.ids) {
					this.ids.addAll(batch);
				}
				int total = this.submitted.addAndGet(batch.size());
				// paced by the workers: at most a few hundred tasks wait
				await().atMost(WAIT)
					.until(() -> !this.running.get()
							|| ShardedQueueClusterIntegrationTests.this.probe.completions.size() > total - 300);
			}
		}

	}

}
