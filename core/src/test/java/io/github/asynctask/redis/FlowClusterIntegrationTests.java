package io.github.asynctask.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.ClusterConnectionExtension;
import io.github.asynctask.TaskInfo;
import io.github.asynctask.TaskState;
import io.github.asynctask.flow.FlowSweeper;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.test.RedisCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Flows across slots on a local 3-master Redis Cluster: the awaited task's queue and the
 * waiting task's queue live on different masters. A worker that died right after marking
 * the awaited task done (before releasing anything) leaves the release owed, and the
 * sweep releases the waiting task exactly once, also when it has backed off on queues no
 * {@code after} rule names; hostile entries are dropped with a warning.
 */
@ExtendWith({ ClusterConnectionExtension.class, OutputCaptureExtension.class })
class FlowClusterIntegrationTests {

	private static LuaRedisBroker broker;

	private static FlowStore store;

	private static String payments;

	private static String shipping;

	@BeforeAll
	static void connect(RedisCluster cluster, LettuceConnectionFactory connectionFactory) {
		RedisKeys keys = new RedisKeys("asynctask");
		broker = new LuaRedisBroker(connectionFactory, keys);
		store = new FlowStore(connectionFactory, keys, Duration.ofSeconds(5));
		payments = "payments";
		shipping = List.of("shipping", "ship", "dispatch", "mail", "orders", "reports")
			.stream()
			.filter((queue) -> !cluster.masterFor(keys.tasks(queue))
				.toString()
				.equals(cluster.masterFor(keys.tasks(payments)).toString()))
			.findFirst()
			.orElseThrow();
	}

	private static EnqueueRequest ship(String id, String order) {
		return EnqueueRequest.now(shipping, id, "order.ship", "{}", 0)
			.withBizId(order, Duration.ofMinutes(5))
			.withAfter(List.of(EnqueueRequest.Awaited.task(payments, "order.pay", order)), Duration.ofHours(1));
	}

	@Test
	void aWorkerDeadBetweenMarkAndReleaseLeavesItOwedAndTheSweepReleasesOnce() {
		assertThat(broker.enqueue(ship("ship-1", "o-1")).outcome()).isEqualTo(EnqueueResult.Outcome.WAITING);
		assertThat(broker.find(shipping, "ship-1"))
			.hasValueSatisfying((task) -> assertThat(task.state()).isEqualTo(TaskState.WAITING));
		// the completing worker marks order.pay of o-1 done, then dies before releasing
		List<String> owed = store.done(payments, EnqueueRequest.Awaited.task(payments, "order.pay", "o-1").condition(),
				Duration.ofMinutes(5));
		assertThat(owed).hasSize(1);
		assertThat(broker.find(shipping, "ship-1"))
			.hasValueSatisfying((task) -> assertThat(task.state()).isEqualTo(TaskState.WAITING));
		FlowSweeper sweeper = new FlowSweeper(store, () -> List.of(payments, shipping), Duration.ofSeconds(1),
				Duration.ZERO);
		sweeper.sweepOnce();
		sweeper.sweepOnce();
		assertThat(broker.find(shipping, "ship-1"))
			.hasValueSatisfying((task) -> assertThat(task.state()).isEqualTo(TaskState.PENDING));
		assertThat(store.owed(payments, Duration.ZERO, 10)).isEmpty();
		// a late re-run of the release (the dead worker's, re-sent) changes nothing
		assertThat(store.release(shipping, "ship-1", EnqueueRequest.Awaited.task(payments, "order.pay", "o-1")))
			.isZero();
		// released once: one entry in pending
		assertThat(broker.dequeue(shipping, 100, Duration.ofSeconds(30))).extracting(Delivery::id)
			.containsOnlyOnce("ship-1");
		// a waiter submitted now that pay is remembered runs at once
		assertThat(broker
			.enqueue(EnqueueRequest.now(shipping, "ship-3", "order.ship", "{}", 0)
				.withBizId("o-1c", Duration.ofMinutes(5))
				.withAfter(List.of(EnqueueRequest.Awaited.task(payments, "order.pay", "o-1")), Duration.ofHours(1)))
			.outcome()).isEqualTo(EnqueueResult.Outcome.ENQUEUED);
	}

	@Test
	void aSweeperBackedOffOnQueuesNoAfterRuleNamesStillReleasesAWaiterACrashLeftOwed(
			LettuceConnectionFactory connectionFactory) {
		AtomicInteger sweeps = new AtomicInteger();
		FlowStore counting = new FlowStore(connectionFactory, new RedisKeys("asynctask"), Duration.ofSeconds(5)) {
			@Override
			public DueWaits due(String queue, int limit) {
				if (queue.equals(payments)) {
					sweeps.incrementAndGet();
				}
				return super.due(queue, limit);
			}
		};
		// per-call after only: neither queue is steady; gaps 100, 200, 400, 800 ms, then
		// the most (1 s): the 8th sweep comes 4.5 s after the start (12.7 s if unbounded)
		FlowSweeper sweeper = new FlowSweeper(counting, () -> List.of(payments, shipping), (queue) -> false,
				Duration.ofMillis(100), Duration.ZERO);
		sweeper.start();
		try {
			await().atMost(Duration.ofSeconds(20)).until(() -> sweeps.get() >= 8);
			assertThat(broker.enqueue(ship("ship-b", "o-b")).outcome()).isEqualTo(EnqueueResult.Outcome.WAITING);
			store.done(payments, EnqueueRequest.Awaited.task(payments, "order.pay", "o-b").condition(),
					Duration.ofMinutes(5));
			// the worker died before releasing: the backed-off sweep carries it out
			// within
			// the most (the next gap would be 25.6 s if unbounded); it releases in the
			// waiter's slot first and settles the owed entry in a second call, so both
			// are awaited
			await().atMost(Duration.ofSeconds(8))
				.until(() -> broker.find(shipping, "ship-b").map(TaskInfo::state).orElse(null),
						(state) -> state == TaskState.PENDING);
			await().atMost(Duration.ofSeconds(2)).until(() -> store.owed(payments, Duration.ZERO, 10).isEmpty());
			assertThat(broker.dequeue(shipping, 100, Duration.ofSeconds(30))).extracting(Delivery::id)
				.containsOnlyOnce("ship-b");
		}
		finally {
			sweeper.stop();
		}
	}

	@Test
	void hostileEntriesAreDroppedWithAWarningAndTheOthersAreReleased(CapturedOutput output,
			LettuceConnectionFactory connectionFactory) {
		String condition = EnqueueRequest.Awaited.task(payments, "order.pay", "o-2").condition();
		broker.enqueue(ship("ship-h", "o-2"));
		// an owed entry that names no queue and no task, beside the real one
		try (var connection = connectionFactory.getClusterConnection()) {
			connection.zSetCommands()
				.zAdd(new RedisKeys("asynctask").flowOwed(payments).getBytes(), 0, "garbage".getBytes());
			// a key of another type where the waiters of another condition live
			connection.stringCommands()
				.set(new RedisKeys("asynctask")
					.flowWaiters(payments, EnqueueRequest.Awaited.task(payments, "order.pay", "o-3").condition())
					.getBytes(), "{not json".getBytes());
		}
		store.done(payments, condition, Duration.ofMinutes(5));
		new FlowSweeper(store, () -> List.of(payments), Duration.ofSeconds(1), Duration.ZERO).sweepOnce();
		assertThat(broker.find(shipping, "ship-h"))
			.hasValueSatisfying((task) -> assertThat(task.state()).isEqualTo(TaskState.PENDING));
		assertThat(output).contains("Dropped an unreadable entry of the waiting tasks owed a release by queue");
		assertThat(store.owed(payments, Duration.ZERO, 10)).isEmpty();
		broker.enqueue(ship("ship-h3", "o-3"));
		assertThat(output).contains("Dropped an unreadable list of tasks waiting for");
		assertThat(broker.find(shipping, "ship-h3"))
			.hasValueSatisfying((task) -> assertThat(task.state()).isEqualTo(TaskState.WAITING));
	}

}
