package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 13 finding 9: periodic work of a queue is spread over the live instances serving
 * that queue, counted with one read per queue, not over every instance of the fleet.
 */
@ExtendWith(RedisExtension.class)
class ClusterSpreadIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

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
	void aQueueServedByTwoOfTwelveInstancesIsSpreadOverTwo() {
		for (int i = 0; i < 10; i++) {
			beat("b-" + i, Set.of("b"), new ClusterSpread());
		}
		beat("a-0", Set.of("a"), new ClusterSpread());
		ClusterSpread spread = new ClusterSpread();
		beat("a-1", Set.of("a"), spread);
		assertThat(spread.instances("a")).isEqualTo(2);
		beat("b-0", Set.of("b"), spread);
		assertThat(spread.instances("b")).isEqualTo(10);
	}

	@Test
	void instancesThatStoppedHeartbeatingOrUnmarkedThemselvesAreNotCounted() {
		this.harness.broker.serving("a", "gone", Duration.ofMillis(1));
		this.harness.broker.serving("a", "stopped", LEASE);
		this.harness.broker.serving("a", "stopped", Duration.ZERO);
		ClusterSpread spread = new ClusterSpread();
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			beat("live", Set.of("a"), spread);
			assertThat(spread.instances("a")).isEqualTo(1);
		});
		assertThat(this.harness.redis.cli("ZCARD", this.harness.keys.workers("a"))).isEqualTo("1");
	}

	private void beat(String instanceId, Set<String> queues, ClusterSpread spread) {
		Map<String, RunningTasks> running = new java.util.LinkedHashMap<>();
		queues.forEach((queue) -> running.put(queue, new RunningTasks()));
		new Heartbeat(this.harness.broker, running, instanceId, () -> "{}", LEASE, LEASE.dividedBy(3), spread).run();
	}

}
