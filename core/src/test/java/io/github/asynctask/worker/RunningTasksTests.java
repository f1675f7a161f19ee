package io.github.asynctask.worker;

import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.asynctask.redis.Delivery;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunningTasksTests {

	@Test
	void aLostLeaseOfAnOldDeliveryStopsItAndNotTheNewDeliveryOfTheSameTask() throws InterruptedException {
		RunningTasks running = new RunningTasks();
		RunningTask old = new RunningTask(delivery(1), System.nanoTime());
		RunningTask current = new RunningTask(delivery(2), System.nanoTime());
		CountDownLatch oldInterrupted = new CountDownLatch(1);
		CountDownLatch currentInterrupted = new CountDownLatch(1);
		Thread oldBody = TestTasks.startBody(old, oldInterrupted, false);
		Thread currentBody = TestTasks.startBody(current, currentInterrupted, false);
		try {
			running.add(old);
			running.add(current);
			running.lost(Set.of(old.key()));
			assertThat(oldInterrupted.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(currentInterrupted.getCount()).isOne();
			assertThat(current.isStale()).isFalse();
		}
		finally {
			oldBody.interrupt();
			currentBody.interrupt();
		}
	}

	private static Delivery delivery(long token) {
		return new Delivery("q", "x", "t", token, (int) token, 3, "[]", Instant.now());
	}

}
