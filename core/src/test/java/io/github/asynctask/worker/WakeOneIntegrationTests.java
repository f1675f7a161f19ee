package io.github.asynctask.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 13 finding 8: a task submitted to an idle queue wakes one idle fetcher, not every
 * idle fetcher of every instance.
 */
@ExtendWith(RedisExtension.class)
class WakeOneIntegrationTests {

	private static final int CONTAINERS = 20;

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final AtomicInteger dequeues = new AtomicInteger();

	private WorkerHarness harness;

	@BeforeEach
	void setUp(RedisServer redis) {
		redis.flushAll();
		this.harness = new WorkerHarness(redis);
	}

	@AfterEach
	void tearDown() {
		this.harness.close();
	}

	@Test
	void oneSubmitToTwentyIdleContainersRunsAtMostTwoDequeues() {
		// a poll far longer than the test, so every dequeue counted is caused by a
		// wake-up
		WorkerSettings settings = WorkerHarness.settings(Map.of("q", 2)).pollInterval(Duration.ofMinutes(5)).build();
		RedisBroker counting = countingDequeues(this.harness.broker);
		for (int i = 0; i < CONTAINERS; i++) {
			this.harness.start(counting, settings, UnaryOperator.identity());
		}
		// each fetcher's first look finds the queue empty
		await().atMost(WAIT).until(() -> this.dequeues.get() >= CONTAINERS);
		int before = this.dequeues.get();
		this.harness.submit("count", "one");
		await().atMost(WAIT).until(() -> this.harness.probe.completions("one") == 1);
		// every fetcher idle again, or the wake-up reached more than the one it needed
		await().atMost(WAIT).until(() -> blockedClients() >= CONTAINERS || this.dequeues.get() - before > 2);
		assertThat(this.dequeues.get() - before).as("dequeue calls caused by one submit").isLessThanOrEqualTo(2);
	}

	private int blockedClients() {
		String info = this.harness.redis.cli("INFO", "clients");
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("blocked_clients:")) {
				return Integer.parseInt(line.substring("blocked_clients:".length()).trim());
			}
		}
		throw new IllegalStateException("INFO clients has no blocked_clients line: " + info);
	}

	private RedisBroker countingDequeues(RedisBroker broker) {
		return (RedisBroker) Proxy.newProxyInstance(RedisBroker.class.getClassLoader(),
				new Class<?>[] { RedisBroker.class }, (proxy, method, args) -> {
					if (method.getName().equals("dequeue")) {
						this.dequeues.incrementAndGet();
					}
					try {
						return method.invoke(broker, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

}
