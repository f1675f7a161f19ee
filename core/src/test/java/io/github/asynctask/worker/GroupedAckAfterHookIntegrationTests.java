package io.github.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.TaskState;
import io.github.asynctask.event.TaskListener;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.EnqueueRequest;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

/**
 * A success hook that lets its ack join a group (a batch's child) runs before the ack and
 * then leaves the ack to the grouped sender; when it fails, the ack goes on its own with
 * the hook run again, as for hooks that need the ack's own call (flows).
 */
@ExtendWith(RedisExtension.class)
class GroupedAckAfterHookIntegrationTests {

	private static final String QUEUE = "q";

	private WorkerHarness harness;

	private LuaRedisBroker broker;

	private final PendingReports pending = new PendingReports();

	private final RunningTasks running = new RunningTasks();

	private AckSender acks;

	@BeforeEach
	void setUp(RedisServer redis) {
		redis.flushAll();
		this.harness = new WorkerHarness(redis);
		this.broker = spy(this.harness.broker);
		this.acks = new AckSender(this.broker, Duration.ZERO, this.pending);
	}

	@AfterEach
	void tearDown() {
		this.acks.halt();
		this.harness.close();
	}

	@Test
	void aHookThatGroupsItsAckRunsFirstAndTheAckGoesInAGroup() {
		RecordingHook hook = new RecordingHook(true, 0);
		List<Delivery> deliveries = complete(hook, 5);
		await().atMost(Duration.ofSeconds(10)).until(() -> allCompleted(deliveries));
		assertThat(hook.acksSeenByHook).containsOnly(0);
		assertThat(hook.calls.get()).isEqualTo(5);
		verify(this.broker, atLeastOnce()).completeAll(anyList(), any());
		verify(this.broker, never()).complete(any(Delivery.class), any(Duration.class));
	}

	@Test
	void aHookThatNeedsTheAcksOwnCallKeepsTheSingleAck() {
		RecordingHook hook = new RecordingHook(false, 0);
		List<Delivery> deliveries = complete(hook, 3);
		await().atMost(Duration.ofSeconds(10)).until(() -> allCompleted(deliveries));
		verify(this.broker, times(3)).complete(any(Delivery.class), any(Duration.class));
	}

	@Test
	void aGroupingHookThatFailsGoesAgainWithTheAckOnItsOwn() {
		RecordingHook hook = new RecordingHook(true, 1);
		List<Delivery> deliveries = complete(hook, 1);
		await().atMost(Duration.ofSeconds(10)).until(() -> allCompleted(deliveries));
		assertThat(hook.calls.get()).isEqualTo(2);
		verify(this.broker, times(1)).complete(any(Delivery.class), any(Duration.class));
	}

	private List<Delivery> complete(SuccessHook hook, int count) {
		for (int i = 0; i < count; i++) {
			this.harness.broker.enqueue(EnqueueRequest.now(QUEUE, "t" + i, "count", "[]", 3));
		}
		List<Delivery> deliveries = this.harness.broker.dequeue(QUEUE, count, Duration.ofMinutes(1));
		assertThat(deliveries).hasSize(count);
		this.acks.start();
		Completion completion = new Completion(this.broker, (name, attempt, error) -> Duration.ofSeconds(1),
				TaskListener.NO_OP, Duration.ZERO, this.pending, this.acks,
				new UnknownTasks(this.broker, TaskListener.NO_OP, Duration.ofMinutes(1), "i1"), hook, "i1");
		for (Delivery delivery : deliveries) {
			RunningTask task = new RunningTask(delivery, System.nanoTime() + Duration.ofMinutes(1).toNanos());
			this.running.add(task);
			completion.report(task, Outcome.success(), Duration.ofMillis(1), this.running);
		}
		return deliveries;
	}

	/** Acked: no longer active (kept as completed, or gone at once with no retention). */
	private boolean allCompleted(List<Delivery> deliveries) {
		return deliveries.stream()
			.allMatch((delivery) -> this.harness.broker.find(QUEUE, delivery.id())
				.map((task) -> task.state() == TaskState.COMPLETED)
				.orElse(true));
	}

	/**
	 * Counts its runs; fails its first {@code failures} runs; notes the acks sent before
	 * each run.
	 */
	private final class RecordingHook implements SuccessHook {

		private final boolean groups;

		private final AtomicInteger failuresLeft;

		private final AtomicInteger calls = new AtomicInteger();

		private final List<Integer> acksSeenByHook = new ArrayList<>();

		RecordingHook(boolean groups, int failures) {
			this.groups = groups;
			this.failuresLeft = new AtomicInteger(failures);
		}

		@Override
		public boolean handles(Delivery delivery, @Nullable Object result) {
			return true;
		}

		@Override
		public boolean groupsAck(Delivery delivery, @Nullable Object result) {
			return this.groups;
		}

		@Override
		public void beforeAck(Delivery delivery, @Nullable Object result) {
			this.calls.incrementAndGet();
			// the hook of each delivery runs while that delivery is still active
			boolean active = GroupedAckAfterHookIntegrationTests.this.harness.broker.find(QUEUE, delivery.id())
				.map((task) -> task.state() == TaskState.ACTIVE)
				.orElse(false);
			synchronized (this.acksSeenByHook) {
				this.acksSeenByHook.add(active ? 0 : 1);
			}
			if (this.failuresLeft.getAndDecrement() > 0) {
				throw new IllegalStateException("hook failed on purpose");
			}
		}

	}

}
