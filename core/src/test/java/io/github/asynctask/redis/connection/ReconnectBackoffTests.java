package io.github.asynctask.redis.connection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The waits between attempts to reach Redis: 1 s doubling to 30 s, each within 80 % to
 * 120 %, and from 1 s again after a success.
 */
class ReconnectBackoffTests {

	@Test
	void doublesFromOneSecondUpToThirtyWithinTwentyPercent() {
		ReconnectBackoff backoff = new ReconnectBackoff();
		List<Duration> waits = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			waits.add(backoff.next());
		}
		long[] bases = { 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000 };
		for (int i = 0; i < bases.length; i++) {
			assertThat(waits.get(i).toMillis()).as("wait %d", i + 1).isBetween(bases[i] * 8 / 10, bases[i] * 12 / 10);
		}
		backoff.reset();
		assertThat(backoff.next().toMillis()).isBetween(800L, 1200L);
	}

}
