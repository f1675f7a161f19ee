package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.redis.wake.RedisWakeSignals;
import io.github.asynctask.redis.wake.WakeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.asynctask.redis.BrokerFixture.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The wake-up list idle fetchers wait on: at most one token, left when pending tasks may
 * wait for an idle fetcher, taken by one waiter only; and the due channel the forwarder
 * listens on.
 */
class WakeSignalsIntegrationTests extends BrokerIntegrationTestSupport {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final AtomicInteger dueWakeUps = new AtomicInteger();

	private RedisWakeSignals signals;

	@BeforeEach
	void subscribe() {
		this.signals = new RedisWakeSignals(connectionFactory, this.keys);
		this.signals.subscribe(List.of(QUEUE), new WakeListener() {
			@Override
			public void onDue(String queue) {
				WakeSignalsIntegrationTests.this.dueWakeUps.incrementAndGet();
			}
		});
		await().atMost(WAIT)
			.until(() -> "1".equals(fixture.redis.cli("PUBSUB", "NUMSUB", this.keys.dueChannel(QUEUE)).split("\n")[1]));
	}

	@AfterEach
	void unsubscribe() {
		this.signals.close();
	}

	@Test
	void tasksPushedIntoAnEmptyQueueLeaveOneTokenHowEverMany() {
		fixture.enqueue();
		fixture.enqueue();
		this.broker.enqueueAll(
				List.of(BrokerFixture.request(BrokerFixture.newId()), BrokerFixture.request(BrokerFixture.newId())));
		assertThat(tokens()).isEqualTo(1);
		try (PendingWait wait = this.signals.pendingWait(QUEUE)) {
			assertThat(wait.await(Duration.ofSeconds(1))).isTrue();
		}
		assertThat(tokens()).isZero();
	}

	@Test
	void oneTokenWakesOneOfTwoWaitingFetchers() {
		try (PendingWait first = this.signals.pendingWait(QUEUE);
				PendingWait second = this.signals.pendingWait(QUEUE)) {
			CompletableFuture<Boolean> one = CompletableFuture.supplyAsync(() -> first.await(Duration.ofSeconds(5)));
			CompletableFuture<Boolean> two = CompletableFuture.supplyAsync(() -> second.await(Duration.ofSeconds(5)));
			await().atMost(WAIT).until(() -> blockedClients() == 2);
			fixture.enqueue();
			await().atMost(WAIT).until(() -> one.isDone() || two.isDone());
			assertThat(blockedClients()).isEqualTo(1);
			assertThat(one.join() ^ two.join()).isTrue();
		}
	}

	@Test
	void aFetchThatLeavesTasksBehindLeavesATokenForTheNextFetcher() {
		fixture.enqueue();
		fixture.enqueue();
		fixture.redis.cli("DEL", this.keys.wake(QUEUE));
		this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30));
		assertThat(tokens()).isEqualTo(1);
		fixture.redis.cli("DEL", this.keys.wake(QUEUE));
		this.broker.dequeue(QUEUE, 1, Duration.ofSeconds(30));
		assertThat(tokens()).isZero();
	}

	@Test
	void resumingAQueueWithPendingTasksLeavesAToken() {
		this.broker.pause(QUEUE);
		fixture.enqueue();
		fixture.redis.cli("DEL", this.keys.wake(QUEUE));
		this.broker.resume(QUEUE);
		assertThat(tokens()).isEqualTo(1);
	}

	@Test
	void resumingAnEmptyOrRunningQueueLeavesNone() {
		this.broker.pause(QUEUE);
		this.broker.resume(QUEUE);
		assertThat(tokens()).isZero();
		fixture.enqueue();
		fixture.redis.cli("DEL", this.keys.wake(QUEUE));
		this.broker.resume(QUEUE); // not paused: nothing changes
		assertThat(tokens()).isZero();
	}

	@Test
	void aClosedWaitEndsAtOnceAndWaitsNoMore() {
		PendingWait wait = this.signals.pendingWait(QUEUE);
		CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> wait.await(Duration.ofSeconds(30)));
		await().atMost(WAIT).until(() -> blockedClients() == 1);
		wait.close();
		assertThat(waiting.join()).isFalse();
		assertThat(wait.await(Duration.ofSeconds(30))).isFalse();
	}

	@Test
	void aNewEarliestScheduledTaskWakesTheForwarder() {
		this.broker.enqueue(BrokerFixture.request(BrokerFixture.newId()).withDelay(Duration.ofMinutes(1)));
		await().atMost(WAIT).until(() -> this.dueWakeUps.get() == 1);
	}

	private int tokens() {
		return Integer.parseInt(fixture.redis.cli("LLEN", this.keys.wake(QUEUE)));
	}

	private int blockedClients() {
		for (String line : fixture.redis.cli("INFO", "clients").split("\r?\n")) {
			if (line.startsWith("blocked_clients:")) {
				return Integer.parseInt(line.substring("blocked_clients:".length()).trim());
			}
		}
		throw new IllegalStateException("INFO clients has no blocked_clients line");
	}

}
