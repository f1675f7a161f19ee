package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class WatchdogTests {

	private static final Duration GRACE = Duration.ofMillis(200);

	private final Watchdog watchdog = new Watchdog(GRACE, Duration.ofSeconds(1));

	private final AtomicBoolean hung = new AtomicBoolean();

	@AfterEach
	void stop() {
		this.watchdog.shutdown();
	}

	@Test
	void aBodyPastItsDeadlineIsInterruptedAndMarkedTimedOut() throws InterruptedException {
		RunningTask task = task();
		CountDownLatch interrupted = new CountDownLatch(1);
		Thread body = TestTasks.startBody(task, interrupted, false);
		this.watchdog.watch(task, Duration.ofMillis(50), () -> this.hung.set(true));
		assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(task.isTimedOut()).isTrue();
		body.join(10_000);
		assertThat(this.hung).isFalse();
	}

	@Test
	void aCancelledWatchNeverInterrupts() throws InterruptedException {
		RunningTask task = task();
		Watchdog.Watch watch = this.watchdog.watch(task, Duration.ofMillis(50), () -> this.hung.set(true));
		watch.cancel();
		Thread.sleep(400);
		assertThat(task.isTimedOut()).isFalse();
		assertThat(this.hung).isFalse();
	}

	@Test
	void aBodyThatIgnoresTheInterruptIsGivenUpOnAfterTheGrace() throws InterruptedException {
		RunningTask task = task();
		CountDownLatch interrupted = new CountDownLatch(1);
		Thread body = TestTasks.startBody(task, interrupted, true);
		this.watchdog.watch(task, Duration.ofMillis(50), () -> this.hung.set(true));
		await().atMost(Duration.ofSeconds(10)).untilTrue(this.hung);
		assertThat(task.isTimedOut()).isTrue();
		assertThat(interrupted.getCount()).isZero();
		body.interrupt();
		body.join(10_000);
	}

	@Test
	void aShortDeadlineWatchedWhileTheThreadSleepsWakesItEarly() throws InterruptedException {
		// the thread would sleep for an hour unless the new deadline wakes it
		Watchdog sleeping = new Watchdog(GRACE, Duration.ofHours(1));
		try {
			sleeping.watch(task(), Duration.ofHours(2), () -> {
			});
			Thread.sleep(100); // its thread now sleeps
			RunningTask task = task();
			CountDownLatch interrupted = new CountDownLatch(1);
			TestTasks.startBody(task, interrupted, false);
			sleeping.watch(task, Duration.ofMillis(10), () -> this.hung.set(true));
			assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
		}
		finally {
			sleeping.shutdown();
		}
	}

	@Test
	void aTimeoutTooLongForNanosecondsMeansNeverAndOtherWatchesStillFire() throws InterruptedException {
		RunningTask endless = task();
		this.watchdog.watch(endless, Duration.ofSeconds(Long.MAX_VALUE), () -> this.hung.set(true));
		RunningTask task = task();
		CountDownLatch interrupted = new CountDownLatch(1);
		TestTasks.startBody(task, interrupted, false);
		this.watchdog.watch(task, Duration.ofMillis(50), () -> {
		});
		assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(endless.isTimedOut()).isFalse();
		assertThat(this.hung).isFalse();
	}

	private static RunningTask task() {
		return new RunningTask(TestTasks.delivery("q", "id-1", "t", 1, 3, "[]"), System.nanoTime());
	}

}
