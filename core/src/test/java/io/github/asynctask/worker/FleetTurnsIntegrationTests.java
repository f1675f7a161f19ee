package io.github.asynctask.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.RedisBroker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Instances serving one queue share its periodic rounds through the queue's turn: one
 * holds it and works on time, the others look only now and then, and a delayed task still
 * starts on time.
 */
@ExtendWith(WorkerHarnessExtension.class)
class FleetTurnsIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final WorkerHarness harness;

	FleetTurnsIntegrationTests(WorkerHarness harness) {
		this.harness = harness;
	}

	@Test
	void ofThreeInstancesOneHoldsTheTurnAndLooksForExpiredLeasesFarMoreOftenThanTheOthers()
			throws InterruptedException {
		WorkerSettings settings = WorkerHarness.settings(Map.of("q", 1)).build();
		List<AtomicInteger> recovers = new ArrayList<>();
		List<WorkerContainer> containers = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			AtomicInteger count = new AtomicInteger();
			recovers.add(count);
			containers.add(this.harness.start(counting(count), settings, UnaryOperator.identity()));
		}
		String holder = awaitHolder();
		// the heartbeats have counted three instances serving q
		Thread.sleep(settings.heartbeatInterval().multipliedBy(2).toMillis());
		recovers.forEach((count) -> count.set(0));
		Thread.sleep(3000);

		int held = -1;
		for (int i = 0; i < 3; i++) {
			if (containers.get(i).instanceId().equals(holder)) {
				held = i;
			}
		}
		assertThat(held).as("the holder is one of the three").isNotNegative();
		for (int i = 0; i < 3; i++) {
			if (i != held) {
				assertThat(recovers.get(i).get()).as("recover calls of an instance without the turn")
					.isLessThan(recovers.get(held).get() / 2);
			}
		}
		assertThat(this.harness.redis.cli("GET", this.harness.keys.turn("q"))).isEqualTo(holder);
	}

	@Test
	void aDelayedTaskStartsOnTimeWithThreeInstancesWhosePollIsLongerThanTheTest() {
		// only the turn's holder following the due time can start it on time
		WorkerSettings settings = WorkerHarness.settings(Map.of("q", 1)).pollInterval(Duration.ofMinutes(5)).build();
		for (int i = 0; i < 3; i++) {
			this.harness.start(settings);
		}
		awaitHolder();
		EnqueueRequest request = this.harness.request("count", Map.of(), "delayed").withDelay(Duration.ofSeconds(1));
		long due = System.currentTimeMillis() + 1000;
		this.harness.broker.enqueue(request);

		await().atMost(WAIT).until(() -> this.harness.probe.runs("delayed") == 1);
		assertThat(this.harness.probe.startedAt.get("delayed") - due).isBetween(-50L, 750L);
	}

	@Test
	void aStoppedHolderGivesItsTurnBackSoAnotherInstanceTakesItAtItsNextLook() {
		WorkerSettings settings = WorkerHarness.settings(Map.of("q", 1)).build();
		WorkerContainer first = this.harness.start(settings);
		WorkerContainer second = this.harness.start(settings);
		assertThat(awaitHolder()).isEqualTo(first.instanceId());

		first.stop();

		await().atMost(WAIT).until(() -> second.instanceId().equals(holder()));
	}

	private String awaitHolder() {
		await().atMost(WAIT).until(() -> holder() != null);
		return holder();
	}

	private String holder() {
		String holder = this.harness.redis.cli("GET", this.harness.keys.turn("q"));
		return (holder == null || holder.isEmpty()) ? null : holder;
	}

	private RedisBroker counting(AtomicInteger recovers) {
		RedisBroker broker = this.harness.broker;
		return (RedisBroker) Proxy.newProxyInstance(RedisBroker.class.getClassLoader(),
				new Class<?>[] { RedisBroker.class }, (proxy, method, args) -> {
					if (method.getName().equals("recover")) {
						recovers.incrementAndGet();
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
