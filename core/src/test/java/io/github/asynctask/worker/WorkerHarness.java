package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import io.github.asynctask.QueueStats;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisConnections;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.wake.WakeSignals;
import io.github.asynctask.test.RedisServer;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real Redis, a real broker and containers with short leases and polls for the worker
 * integration tests; the {@link Probe} bean's methods are the tasks.
 */
final class WorkerHarness implements AutoCloseable {

	static final Duration LEASE = Duration.ofMillis(1500);

	final RedisServer redis;

	final LettuceConnectionFactory connectionFactory;

	final RedisKeys keys = new RedisKeys("wt");

	final LuaRedisBroker broker;

	final Probe probe = new Probe();

	final TestTasks.JsonCodec codec = new TestTasks.JsonCodec();

	final TestTasks.MapRegistry registry;

	private final List<WorkerContainer> containers = new ArrayList<>();

	WorkerHarness(RedisServer redis, TaskDefinition... extra) {
		this.redis = redis;
		this.connectionFactory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(redis.host(), redis.port()));
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		// the first connection can take seconds on a loaded machine: not what is tested
		RedisConnections.warmedUp(this.connectionFactory);
		this.broker = new LuaRedisBroker(this.connectionFactory, this.keys);
		List<TaskDefinition> definitions = new ArrayList<>(List.of(task("count", 3, Duration.ofSeconds(30)),
				task("block", 3, Duration.ofSeconds(30)), task("sleep", 3, Duration.ofSeconds(30)),
				task("fail", 2, Duration.ofSeconds(30)), task("reject", 5, Duration.ofSeconds(30)),
				task("overflow", 0, Duration.ofSeconds(30)), task("hang", 0, Duration.ofMillis(100)),
				task("stubborn", 3, Duration.ofSeconds(30)),
				TestTasks.definition("stuck", "q", this.probe, "stubborn", 3, Duration.ofMillis(100), List.of())));
		definitions.addAll(List.of(extra));
		this.registry = new TestTasks.MapRegistry(definitions.toArray(TaskDefinition[]::new));
	}

	/** Define more tasks, before a container starts; returns this harness. */
	WorkerHarness define(TaskDefinition... tasks) {
		this.registry.add(tasks);
		return this;
	}

	TaskDefinition task(String method, int maxRetries, Duration timeout) {
		return TestTasks.definition(method, "q", this.probe, method, maxRetries, timeout, List.of());
	}

	/** Settings with short lease, heartbeat and polls. */
	static WorkerSettings.Builder settings(Map<String, Integer> queues) {
		return WorkerSettings.builder(queues)
			.lease(LEASE)
			.heartbeatInterval(Duration.ofMillis(300))
			.pollInterval(Duration.ofMillis(200))
			.recoverInterval(Duration.ofMillis(300))
			.shutdownTimeout(Duration.ofSeconds(5));
	}

	WorkerContainer start(WorkerSettings settings) {
		return start(settings, UnaryOperator.identity());
	}

	WorkerContainer start(WorkerSettings settings, UnaryOperator<WorkerContainerBuilder> customizer) {
		return start(this.broker, settings, customizer);
	}

	/**
	 * A container talking to Redis through {@code broker} (a spy, or one counting calls).
	 */
	WorkerContainer start(RedisBroker broker, WorkerSettings settings,
			UnaryOperator<WorkerContainerBuilder> customizer) {
		return start(broker, new RedisWakeSignals(this.connectionFactory, this.keys), settings, customizer);
	}

	/** A container of sharded queues: {@code wake} names their shards. */
	WorkerContainer start(RedisBroker broker, WakeSignals wake, WorkerSettings settings,
			UnaryOperator<WorkerContainerBuilder> customizer) {
		WorkerContainerBuilder builder = new WorkerContainerBuilder(broker, wake, this.registry, this.codec,
				new TestTasks.ReflectiveInvoker(), settings)
			.backoff(Backoffs.fixed(Duration.ZERO));
		WorkerContainer container = customizer.apply(builder).build();
		this.containers.add(container);
		container.start();
		return container;
	}

	/**
	 * Ten {@code block} tasks ({@code prefix0} to {@code prefix9}) on a container of four
	 * threads: waits until four run while the other six stay pending for {@code busy}
	 * (the fetcher takes no fifth), then opens the gate and waits until all ten are done,
	 * never more than four at once.
	 */
	void runTenOnFourThreads(String prefix, Duration busy, Duration wait,
			UnaryOperator<WorkerContainerBuilder> customizer) {
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			ids.add(submit("block", prefix + i));
		}
		start(settings(Map.of("q", 4)).build(), customizer);
		await().atMost(wait).until(() -> this.probe.running.get() == 4);
		await().during(busy).atMost(wait).until(() -> {
			QueueStats stats = this.broker.stats("q");
			return stats.pending() == 6 && stats.active() == 4;
		});
		this.probe.gate.countDown();
		await().atMost(wait).until(() -> ids.stream().allMatch((id) -> this.broker.find("q", id).isEmpty()));
		assertThat(this.probe.maxRunning.get()).isEqualTo(4);
	}

	/**
	 * Submit {@code probe.method(key, extra...)} to queue {@code q}; returns the task id.
	 */
	String submit(String method, String key, Object... extra) {
		return submit(method, Map.of(), key, extra);
	}

	String submit(String method, Map<String, String> headers, String key, Object... extra) {
		EnqueueRequest request = request(method, headers, key, extra);
		this.broker.enqueue(request);
		return request.id();
	}

	EnqueueRequest request(String method, Map<String, String> headers, String key, Object... extra) {
		TaskDefinition definition = this.registry.find(method).orElseThrow();
		Object[] args = new Object[1 + extra.length];
		args[0] = key;
		System.arraycopy(extra, 0, args, 1, extra.length);
		String payload = this.codec.encode(definition, args, headers, null);
		return EnqueueRequest.now("q", UUID.randomUUID().toString(), method, payload, definition.maxRetries());
	}

	TaskInfo find(String id) {
		return this.broker.find("q", id).orElseThrow(() -> new AssertionError("no task " + id));
	}

	@Override
	public void close() {
		this.containers.forEach((container) -> {
			if (container.isRunning()) {
				container.halt();
			}
		});
		this.probe.gate.countDown();
		this.connectionFactory.destroy();
	}

	/** Counts events by kind, for a container. */
	static final class Events implements TaskListener {

		final AtomicInteger completed = new AtomicInteger();

		final AtomicInteger retried = new AtomicInteger();

		final AtomicInteger dead = new AtomicInteger();

		final AtomicInteger failed = new AtomicInteger();

		final AtomicInteger hung = new AtomicInteger();

		@Override
		public void completed(String queue, String task, Duration duration) {
			this.completed.incrementAndGet();
		}

		@Override
		public void failed(String queue, String task, Duration duration, Throwable error, boolean willRetry) {
			this.failed.incrementAndGet();
		}

		@Override
		public void hung(String queue, String task, Duration timeout) {
			this.hung.incrementAndGet();
		}

		@Override
		public void retried(String queue, String task) {
			this.retried.incrementAndGet();
		}

		@Override
		public void dead(String queue, String task, String reason) {
			this.dead.incrementAndGet();
		}

	}

}
