package io.github.asynctask.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The body threads' hand-off: every item reaches a thread, slow items spread over every
 * idle thread, an interrupted or timed-out waiter leaves without swallowing a wake-up,
 * and a shut-down executor hands back what it had not started.
 */
class ChainWakeQueueTests {

	@Test
	void slowItemsSpreadOverEveryIdleThread() throws Exception {
		ThreadPoolExecutor pool = BodyThreads.PLATFORM.executor("spread", 8);
		try {
			warmUp(pool, 8);
			CountDownLatch allRunning = new CountDownLatch(8);
			CountDownLatch release = new CountDownLatch(1);
			Set<Thread> threads = ConcurrentHashMap.newKeySet();
			for (int i = 0; i < 8; i++) {
				pool.execute(() -> {
					threads.add(Thread.currentThread());
					allRunning.countDown();
					await(release);
				});
			}
			assertThat(allRunning.await(10, TimeUnit.SECONDS)).as("eight blocking items run at once").isTrue();
			assertThat(threads).hasSize(8);
			release.countDown();
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void slowBodiesSwitchToOneWakeUpPerItemAndShortOnesBack() throws Exception {
		ChainWakeQueue queue = new ChainWakeQueue();
		ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 60, TimeUnit.SECONDS, queue);
		try {
			runAll(pool, 40, () -> LockSupport.parkNanos(2 * ChainWakeQueue.SLOW_BODY_NANOS));
			// the average is read when a thread comes back for more
			runAll(pool, 2, () -> {
			});
			assertThat(queue.slowBodies()).as("after bodies of twice the threshold").isTrue();
			runAll(pool, 200, () -> {
			});
			assertThat(queue.slowBodies()).as("after many no-op bodies").isFalse();
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void manyShortItemsFromSeveralProducersAllRun() throws Exception {
		ThreadPoolExecutor pool = BodyThreads.PLATFORM.executor("many", 4);
		try {
			int perProducer = 50_000;
			AtomicInteger ran = new AtomicInteger();
			CountDownLatch done = new CountDownLatch(3 * perProducer);
			List<Thread> producers = new ArrayList<>();
			for (int p = 0; p < 3; p++) {
				Thread producer = new Thread(() -> {
					for (int i = 0; i < perProducer; i++) {
						pool.execute(() -> {
							ran.incrementAndGet();
							done.countDown();
						});
						if (i % 64 == 0) {
							// let the threads run dry now and then, so waits and wake-ups
							// interleave
							LockSupport.parkNanos(20_000);
						}
					}
				});
				producer.start();
				producers.add(producer);
			}
			for (Thread producer : producers) {
				producer.join();
			}
			assertThat(done.await(30, TimeUnit.SECONDS)).as("every item ran; ran %s", ran).isTrue();
			assertThat(ran).hasValue(3 * perProducer);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void anInterruptedWaiterLeavesAndTheNextItemStillRuns() throws Exception {
		ChainWakeQueue queue = new ChainWakeQueue();
		Thread waiter = new Thread(() -> {
			try {
				queue.take();
			}
			catch (InterruptedException ex) {
				// expected
			}
		});
		waiter.start();
		awaitParked(waiter);
		waiter.interrupt();
		waiter.join(10_000);
		assertThat(waiter.isAlive()).isFalse();
		assertThat(aWaitingTakerGetsTheNextItem(queue)).as("the wake-up went to the live waiter").isTrue();
	}

	@Test
	void aTimedPollReturnsNullAfterItsTimeoutAndLeavesNoWaiterBehind() throws Exception {
		ChainWakeQueue queue = new ChainWakeQueue();
		assertThat(queue.poll(20, TimeUnit.MILLISECONDS)).isNull();
		assertThat(aWaitingTakerGetsTheNextItem(queue)).as("the timed-out poll took no wake-up").isTrue();
	}

	@Test
	void anInterruptBeforeTheWaitIsReportedAtOnce() {
		ChainWakeQueue queue = new ChainWakeQueue();
		Thread.currentThread().interrupt();
		assertThatExceptionOfType(InterruptedException.class).isThrownBy(queue::take);
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

	@Test
	void shutdownNowHandsBackTheItemsNotStarted() throws Exception {
		ThreadPoolExecutor pool = BodyThreads.PLATFORM.executor("drain", 1);
		CountDownLatch running = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		pool.execute(() -> {
			running.countDown();
			await(release);
		});
		assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
		Runnable waiting = () -> {
		};
		pool.execute(waiting);
		assertThat(pool.getQueue()).containsExactly(waiting);
		assertThat(pool.shutdownNow()).containsExactly(waiting);
		assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	private static void runAll(ThreadPoolExecutor pool, int count, Runnable body) throws InterruptedException {
		CountDownLatch done = new CountDownLatch(count);
		for (int i = 0; i < count; i++) {
			pool.execute(() -> {
				body.run();
				done.countDown();
			});
		}
		assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
	}

	/** Whether a thread parked in take() gets an item offered now, within 10 s. */
	private static boolean aWaitingTakerGetsTheNextItem(ChainWakeQueue queue) throws InterruptedException {
		CountDownLatch taken = new CountDownLatch(1);
		Thread taker = new Thread(() -> {
			try {
				queue.take();
				taken.countDown();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		taker.start();
		awaitParked(taker);
		queue.offer(() -> {
		});
		return taken.await(10, TimeUnit.SECONDS);
	}

	private static void warmUp(ThreadPoolExecutor pool, int threads) throws InterruptedException {
		CountDownLatch started = new CountDownLatch(threads);
		for (int i = 0; i < threads; i++) {
			pool.execute(started::countDown);
		}
		assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (pool.getActiveCount() > 0 && System.nanoTime() < deadline) {
			Thread.onSpinWait();
		}
	}

	private static void awaitParked(Thread thread) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (thread.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
			Thread.onSpinWait();
		}
		assertThat(thread.getState()).isEqualTo(Thread.State.WAITING);
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
