package io.github.asynctask.worker;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SmallPartsTests {

	@Test
	void permitsTakeEveryFreeOneAfterTheFirst() throws Exception {
		Permits permits = new Permits(4);
		permits.release(0);
		assertThat(permits.acquireAvailable(Duration.ofSeconds(1))).isEqualTo(4);
		assertThat(permits.busy()).isEqualTo(4);
		permits.release(2);
		assertThat(permits.acquireAvailable(Duration.ofSeconds(1))).isEqualTo(2);
	}

	@Test
	void permitsGiveNothingWhileEveryThreadIsBusy() throws Exception {
		Permits permits = new Permits(2);
		permits.acquireAvailable(Duration.ofSeconds(1));
		assertThat(permits.acquireAvailable(Duration.ofMillis(20))).isZero();
	}

	@Test
	void aWaitingFetcherGetsTheFirstReleasedPermit() throws Exception {
		Permits permits = new Permits(1);
		permits.acquireAvailable(Duration.ofSeconds(1));
		CompletableFuture<Integer> waiter = CompletableFuture.supplyAsync(() -> {
			try {
				return permits.acquireAvailable(Duration.ofSeconds(10));
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		permits.release(1);
		assertThat(waiter.get(10, TimeUnit.SECONDS)).isEqualTo(1);
	}

	@Test
	void aGatheringFetcherWakesOnceAsManyAsItAskedForAreFree() throws Exception {
		Permits permits = new Permits(8);
		permits.acquireAvailable(Duration.ofSeconds(1));
		CompletableFuture<Integer> waiter = CompletableFuture.supplyAsync(() -> {
			try {
				// a linger long enough that only the releases can end the wait
				return permits.acquireGathered(4, Duration.ofSeconds(30), Duration.ofSeconds(30));
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		for (int i = 0; i < 4; i++) {
			permits.release(1);
		}
		assertThat(waiter.get(10, TimeUnit.SECONDS)).as("woken by the fourth release, not before").isEqualTo(4);
		assertThat(permits.busy()).isEqualTo(8);
	}

	@Test
	void aGatheringFetcherTakesWhatIsFreeWhenItsLingerEnds() throws Exception {
		Permits permits = new Permits(8);
		permits.acquireAvailable(Duration.ofSeconds(1));
		permits.release(2);
		assertThat(permits.acquireGathered(4, Duration.ofMillis(20), Duration.ofSeconds(10))).isEqualTo(2);
	}

	@Test
	void aGatheringFetcherWithNothingFreeWaitsForTheFirstPermitAfterItsLinger() throws Exception {
		Permits permits = new Permits(8);
		permits.acquireAvailable(Duration.ofSeconds(1));
		CompletableFuture<Integer> waiter = CompletableFuture.supplyAsync(() -> {
			try {
				return permits.acquireGathered(4, Duration.ofMillis(1), Duration.ofSeconds(30));
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		// past the linger with nothing free, one permit is enough
		permits.release(1);
		assertThat(waiter.get(10, TimeUnit.SECONDS)).isEqualTo(1);
	}

	@Test
	void aSignalRaisedBeforeTheWaitIsKept() throws Exception {
		Signal signal = new Signal();
		signal.raise();
		assertThat(signal.await(Duration.ofSeconds(10))).isTrue();
		assertThat(signal.await(Duration.ofMillis(10))).isFalse();
	}

	@Test
	void aSignalWakesAWaiter() throws Exception {
		Signal signal = new Signal();
		CompletableFuture<Boolean> waiter = CompletableFuture
			.supplyAsync(() -> signal.awaitQuietly(Duration.ofMinutes(1)));
		Thread.sleep(20);
		signal.raise();
		assertThat(waiter.get(10, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void errorTextNamesClassMessageAndCausesAndIsBounded() {
		String text = ErrorText.of(new IllegalStateException("outer", new java.io.IOException("disk")));
		assertThat(text).isEqualTo("java.lang.IllegalStateException: outer; caused by java.io.IOException: disk");
		String huge = ErrorText.of(new RuntimeException("x".repeat(100_000)));
		assertThat(huge).hasSize(ErrorText.MAX_LENGTH).startsWith("java.lang.RuntimeException: xxx").endsWith("...");
	}

	@Test
	void errorTextSaysACauseMessageOnceWhenTheWrapperQuotesIt() {
		RuntimeException parser = new RuntimeException("Unexpected end-of-input\n at [Source: REDACTED; line: 1]");
		RuntimeException codec = new RuntimeException("Payload cannot be read: Unexpected end-of-input", parser);
		String text = ErrorText.of(new IllegalStateException("Cannot read task t: " + codec.getMessage(), codec));
		assertThat(text).isEqualTo("java.lang.IllegalStateException: Cannot read task t: Payload cannot be read: "
				+ "Unexpected end-of-input; caused by java.lang.RuntimeException; caused by java.lang.RuntimeException");
	}

	@Test
	void spreadGrowsWithTheNumberOfInstancesServingTheQueue() {
		ClusterSpread spread = new ClusterSpread();
		for (int i = 0; i < 50; i++) {
			assertThat(spread.spread("a", Duration.ofSeconds(10)).toMillis()).isBetween(5_000L, 15_000L);
		}
		spread.instances("a", 4);
		for (int i = 0; i < 50; i++) {
			assertThat(spread.spread("a", Duration.ofSeconds(10)).toMillis()).isBetween(20_000L, 60_000L);
			assertThat(spread.spread("b", Duration.ofSeconds(10)).toMillis()).isBetween(5_000L, 15_000L);
		}
		spread.instances("a", 0);
		assertThat(spread.instances("a")).isEqualTo(1);
	}

	@Test
	void aQueueWokenDuringItsRunIsDueAgainAtTheNextRound() {
		QueueTimes times = new QueueTimes();
		long now = System.nanoTime();
		assertThat(times.due("a", now)).isTrue();
		times.runNow("a");
		times.runIn("a", Duration.ofHours(1), now);
		assertThat(times.due("a", now)).isTrue();
		assertThat(times.due("a", now)).isFalse();
		assertThat(times.untilNext(now)).isEqualTo(Duration.ofHours(1));
	}

	@Test
	void jitterStaysWithinThePollInterval() {
		for (int i = 0; i < 50; i++) {
			assertThat(ClusterSpread.jitter(Duration.ofSeconds(1)).toMillis()).isBetween(500L, 1000L);
		}
	}

}
