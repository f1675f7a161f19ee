package io.github.asynctask.metrics;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.EnqueueResult;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.test.MutableClock;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives the broker and the listener the way submitters and workers do (success, retry,
 * dead, dedup) and checks the meters against the counts and Redis state.
 */
@ExtendWith(RedisExtension.class)
class QueueMetricsIntegrationTests {

	private static final String QUEUE = "mail";

	private static final String TASK = "mail.receipt";

	private static final Duration REFRESH = Duration.ofSeconds(10);

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private final TaskListener listener = new MicrometerTaskListener(this.registry);

	private final MutableClock clock = MutableClock.at(Instant.parse("2026-01-01T00:00:00Z"));

	private final AtomicInteger statsCalls = new AtomicInteger();

	private final AtomicInteger ids = new AtomicInteger();

	private LettuceConnectionFactory connectionFactory;

	private RedisBroker broker;

	@BeforeEach
	void connect(RedisServer redis) {
		redis.flushAll();
		// Commands fail after 2 s instead of 60 s while Redis is down.
		this.connectionFactory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(redis.host(), redis.port()),
				LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(2)).build());
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		this.broker = countingStats(new LuaRedisBroker(this.connectionFactory, new RedisKeys("test")));
		this.broker.registerQueues(List.of(QUEUE));
	}

	@AfterEach
	void disconnect() {
		this.connectionFactory.destroy();
	}

	@Test
	void countsSuccessRetryDeadAndDedupAndShowsThemInQueueGauges() {
		new QueueMetrics(this.broker, () -> Map.of(QUEUE, 3), REFRESH, this.clock).bindTo(this.registry);
		submit("order-1");
		submit("order-1");
		submit("order-2");
		submit("order-3");
		submit(null);
		runAndSucceed();
		runAndFail(); // retried: 1 retry left
		Delivery last = this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30)).get(0);
		fail(last, false); // its retries: none given, straight to dead

		assertThat(count("submitted")).isEqualTo(4);
		assertThat(count("deduplicated")).isEqualTo(1);
		assertThat(count("completed")).isEqualTo(1);
		assertThat(count("failed")).isEqualTo(2);
		assertThat(count("retried")).isEqualTo(1);
		assertThat(count("dead")).isEqualTo(1);
		assertThat(this.registry.get("asynctask.task.duration").tag("task", TASK).timer().count()).isEqualTo(3);

		this.clock.advance(REFRESH);
		assertThat(size("pending")).isEqualTo(1);
		assertThat(size("retry")).isEqualTo(1);
		assertThat(size("dead")).isEqualTo(1);
		assertThat(size("active")).isZero();
		assertThat(this.registry.get("asynctask.queue.latency").tag("queue", QUEUE).timeGauge().value(TimeUnit.SECONDS))
			.isGreaterThanOrEqualTo(0);
		assertThat(this.registry.get("asynctask.workers.busy").tag("queue", QUEUE).gauge().value()).isEqualTo(3);
		assertThat(this.registry.get("asynctask.queues").gauge().value()).isEqualTo(1);
		assertThat(this.registry.get("asynctask.instances").gauge().value()).isZero();
		this.broker.heartbeat("host:1:a", "{}", Duration.ofMinutes(1));
		this.clock.advance(REFRESH);
		assertThat(this.registry.get("asynctask.instances").gauge().value()).isEqualTo(1);
	}

	@Test
	void dropsTheGaugesOfAQueueThatLeftTheRegistry() {
		new QueueMetrics(this.broker, Map::of, REFRESH, this.clock).bindTo(this.registry);
		assertThat(this.registry.find("asynctask.queue.size").tag("queue", QUEUE).gauges()).hasSize(7);
		assertThat(this.registry.find("asynctask.queue.size").tag("queue", QUEUE).tag("state", "waiting").gauge())
			.isNotNull();

		assertThat(this.broker.forgetQueueIfIdle(QUEUE, Duration.ZERO)).isTrue();
		this.clock.advance(REFRESH);

		assertThat(this.registry.get("asynctask.queues").gauge().value()).isZero();
		assertThat(this.registry.find("asynctask.queue.size").tag("queue", QUEUE).gauges()).isEmpty();
		assertThat(this.registry.find("asynctask.queue.latency").tag("queue", QUEUE).timeGauge()).isNull();
	}

	@Test
	void readsRedisOncePerQueuePerRefreshIntervalWhateverTheNumberOfGauges() {
		new QueueMetrics(this.broker, Map::of, REFRESH, this.clock).bindTo(this.registry);
		scrape();
		submit(null);
		scrape();
		assertThat(this.statsCalls).hasValue(1);
		assertThat(size("pending")).as("cached since the first scrape").isZero();
		this.clock.advance(REFRESH);
		scrape();
		assertThat(this.statsCalls).hasValue(2);
		assertThat(size("pending")).isEqualTo(1);
	}

	@Test
	void queuesRegisteredLaterGetGaugesAtTheNextRefresh() {
		new QueueMetrics(this.broker, Map::of, REFRESH, this.clock).bindTo(this.registry);
		this.broker.registerQueues(List.of("reports"));
		scrape();
		assertThat(this.registry.find("asynctask.queue.size").tag("queue", "reports").gauges()).isEmpty();
		this.clock.advance(REFRESH);
		scrape();
		assertThat(this.registry.find("asynctask.queue.size").tag("queue", "reports").gauges()).hasSize(7);
	}

	@Test
	void gaugesKeepTheirLastValueWhileRedisIsDown(RedisServer redis) {
		new QueueMetrics(this.broker, Map::of, REFRESH, this.clock).bindTo(this.registry);
		submit(null);
		this.clock.advance(REFRESH);
		assertThat(size("pending")).isEqualTo(1);
		redis.stop();
		try {
			this.clock.advance(REFRESH);
			assertThat(size("pending")).isEqualTo(1);
			assertThat(this.registry.get("asynctask.queues").gauge().value()).isEqualTo(1);
		}
		finally {
			redis.start();
		}
	}

	private void scrape() {
		this.registry.getMeters().forEach((meter) -> meter.measure().forEach((m) -> m.getValue()));
	}

	private double size(String state) {
		return this.registry.get("asynctask.queue.size").tags("queue", QUEUE, "state", state).gauge().value();
	}

	private double count(String event) {
		return this.registry.get("asynctask.tasks." + event).tags("queue", QUEUE, "task", TASK).counter().count();
	}

	private void submit(String bizId) {
		EnqueueRequest request = EnqueueRequest.now(QUEUE, "id-" + this.ids.incrementAndGet(), TASK, "{\"args\":[]}",
				(bizId != null) ? 1 : 0);
		if (bizId != null) {
			request = request.withBizId(bizId, Duration.ofHours(1));
		}
		EnqueueResult result = this.broker.enqueue(request);
		if (result.outcome() == EnqueueResult.Outcome.DUPLICATE) {
			this.listener.deduplicated(QUEUE, TASK);
		}
		else {
			this.listener.submitted(QUEUE, TASK);
		}
	}

	private void runAndSucceed() {
		Delivery delivery = this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30)).get(0);
		this.listener.started(QUEUE, TASK);
		this.broker.complete(delivery, Duration.ZERO);
		this.listener.completed(QUEUE, TASK, Duration.ofMillis(5));
	}

	private void runAndFail() {
		Delivery delivery = this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30)).get(0);
		fail(delivery, delivery.hasRetriesLeft());
	}

	private void fail(Delivery delivery, boolean willRetry) {
		this.listener.started(QUEUE, TASK);
		this.listener.failed(QUEUE, TASK, Duration.ofMillis(5), new IllegalStateException("boom"), willRetry);
		if (willRetry) {
			this.broker.retry(delivery, Duration.ofMinutes(1), "IllegalStateException: boom");
			this.listener.retried(QUEUE, TASK);
		}
		else {
			this.broker.kill(delivery, "IllegalStateException: boom");
			this.listener.dead(QUEUE, TASK, "IllegalStateException: boom");
		}
	}

	/** The real broker, counting its stats calls. */
	private RedisBroker countingStats(RedisBroker target) {
		return (RedisBroker) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { RedisBroker.class },
				(proxy, method, args) -> {
					if (method.getName().equals("stats")) {
						this.statsCalls.incrementAndGet();
					}
					try {
						return method.invoke(target, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

}
