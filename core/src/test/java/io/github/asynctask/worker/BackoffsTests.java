package io.github.asynctask.worker;

import java.time.Duration;

import io.github.asynctask.BackoffPolicy;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BackoffsTests {

	private static final RuntimeException ERROR = new RuntimeException("boom");

	@RepeatedTest(20)
	void polynomialFollowsTheSidekiqCurveWithItsRandomTerm() {
		BackoffPolicy policy = Backoffs.polynomial();
		for (int attempt = 1; attempt <= 25; attempt++) {
			long base = (long) Math.pow(attempt, 4) + 15;
			long seconds = policy.nextDelay("t", attempt, ERROR).toSeconds();
			assertThat(seconds).as("attempt %d", attempt).isBetween(base, base + 29L * (attempt + 1));
		}
	}

	@Test
	void polynomialSpreadsTasksThatFailedTogether() {
		BackoffPolicy policy = Backoffs.polynomial();
		long distinct = java.util.stream.IntStream.range(0, 50)
			.mapToObj((i) -> policy.nextDelay("t", 3, ERROR))
			.distinct()
			.count();
		assertThat(distinct).isGreaterThan(5);
	}

	@Test
	void polynomialDoesNotOverflowForHugeAttempts() {
		assertThat(Backoffs.polynomial().nextDelay("t", Integer.MAX_VALUE, ERROR)).isPositive();
	}

	@Test
	void fixedWaitsTheSameEveryTime() {
		BackoffPolicy policy = Backoffs.fixed(Duration.ofSeconds(7));
		assertThat(policy.nextDelay("t", 1, ERROR)).isEqualTo(Duration.ofSeconds(7));
		assertThat(policy.nextDelay("t", 20, ERROR)).isEqualTo(Duration.ofSeconds(7));
	}

	@RepeatedTest(10)
	void exponentialGrowsByTheMultiplierWithJitterAndStopsAtTheMaximum() {
		BackoffPolicy policy = Backoffs.exponential(Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1));
		assertThat(policy.nextDelay("t", 1, ERROR).toMillis()).isBetween(1000L, 1100L);
		assertThat(policy.nextDelay("t", 4, ERROR).toMillis()).isBetween(8000L, 8800L);
		assertThat(policy.nextDelay("t", 30, ERROR)).isEqualTo(Duration.ofMinutes(1));
		assertThat(policy.nextDelay("t", Integer.MAX_VALUE, ERROR)).isEqualTo(Duration.ofMinutes(1));
	}

	@Test
	void invalidSettingsNameTheProperty() {
		assertThatIllegalArgumentException().isThrownBy(() -> Backoffs.fixed(Duration.ofSeconds(-1)))
			.withMessageContaining("async-task.defaults.backoff.delay");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Backoffs.exponential(Duration.ofSeconds(1), 0.5, Duration.ofMinutes(1)))
			.withMessageContaining("async-task.defaults.backoff.multiplier");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Backoffs.exponential(Duration.ofSeconds(10), 2, Duration.ofSeconds(1)))
			.withMessageContaining("async-task.defaults.backoff.max-delay");
	}

}
