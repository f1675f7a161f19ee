package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.awaitility.Awaitility.await;

class WakeSignalsIntegrationTests extends BrokerIntegrationTestSupport {

	private final AtomicInteger wakeUps = new AtomicInteger();

	private RedisWakeSignals signals;

	@BeforeEach
	void subscribe() {
		this.signals = new RedisWakeSignals(connectionFactory, this.keys);
		this.signals.subscribe(List.of(QUEUE), new WakeListener() {
			@Override
			public void onPending(String queue) {
				WakeSignalsIntegrationTests.this.wakeUps.incrementAndGet();
			}
		});
		await().atMost(Duration.ofSeconds(10))
			.until(() -> "1"
				.equals(fixture.redis.cli("PUBSUB", "NUMSUB", this.keys.wakeChannel(QUEUE)).split("\n")[1]));
	}

	@AfterEach
	void unsubscribe() {
		this.signals.close();
	}

	@Test
	void onlyTheFirstTaskInAnEmptyQueueWakesWorkers() {
		fixture.enqueue();
		fixture.enqueue();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.wakeUps.get() == 1);
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5)).until(() -> this.wakeUps.get() == 1);
	}

	@Test
	void resumingAQueueWithPendingTasksWakesWorkers() {
		this.broker.pause(QUEUE);
		fixture.enqueue();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.wakeUps.get() == 1);
		this.broker.resume(QUEUE);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.wakeUps.get() == 2);
	}

	@Test
	void resumingAnEmptyOrRunningQueueWakesNobody() {
		this.broker.pause(QUEUE);
		this.broker.resume(QUEUE);
		fixture.enqueue();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.wakeUps.get() == 1);
		this.broker.resume(QUEUE); // not paused: nothing changes
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5)).until(() -> this.wakeUps.get() == 1);
	}

}
