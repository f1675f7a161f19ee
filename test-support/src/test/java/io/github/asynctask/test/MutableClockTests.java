package io.github.asynctask.test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MutableClockTests {

	private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

	@Test
	void standsStillUntilMoved() {
		MutableClock clock = MutableClock.at(START);
		assertThat(clock.instant()).isEqualTo(START);
		assertThat(clock.millis()).isEqualTo(START.toEpochMilli());
		assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
	}

	@Test
	void advanceMovesForwardAndReturnsTheNewTime() {
		MutableClock clock = MutableClock.at(START);
		assertThat(clock.advance(Duration.ofSeconds(90))).isEqualTo(START.plusSeconds(90));
		assertThat(clock.instant()).isEqualTo(START.plusSeconds(90));
	}

	@Test
	void setJumpsToAnyInstant() {
		MutableClock clock = MutableClock.at(START);
		clock.set(START.minusSeconds(5));
		assertThat(clock.instant()).isEqualTo(START.minusSeconds(5));
	}

	@Test
	void withZoneSharesTheTime() {
		MutableClock clock = MutableClock.at(START);
		MutableClock paris = clock.withZone(ZoneId.of("Europe/Paris"));
		clock.advance(Duration.ofMinutes(1));
		assertThat(paris.instant()).isEqualTo(START.plusSeconds(60));
		assertThat(paris.getZone()).isEqualTo(ZoneId.of("Europe/Paris"));
	}

	@Test
	void concurrentAdvancesAreNotLost() throws InterruptedException {
		MutableClock clock = MutableClock.at(START);
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < 4; t++) {
			Thread thread = new Thread(() -> {
				for (int i = 0; i < 1000; i++) {
					clock.advance(Duration.ofMillis(1));
				}
			});
			thread.start();
			threads.add(thread);
		}
		for (Thread thread : threads) {
			thread.join();
		}
		assertThat(clock.instant()).isEqualTo(START.plusMillis(4000));
	}

}
