package io.github.asynctask.worker;

import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SweepPacingTests {

	private static final long SECOND = Duration.ofSeconds(1).toNanos();

	private final SweepPacing pacing = new SweepPacing(Set.of("flows")::contains, Duration.ofSeconds(10),
			Duration.ofSeconds(80));

	@Test
	void aQueueNeverSweptIsDueAtOnce() {
		assertThat(this.pacing.due("plain", 0)).isTrue();
	}

	@Test
	void aQueueWithoutFlowsThatFindsNothingIsSweptHalfAsOftenEachTimeUpToTheMost() {
		long now = 0;
		long[] gaps = new long[6];
		for (int i = 0; i < gaps.length; i++) {
			this.pacing.swept("plain", false, now);
			long next = now;
			while (!this.pacing.due("plain", next)) {
				next += SECOND;
			}
			gaps[i] = (next - now) / SECOND;
			now = next;
		}
		assertThat(gaps).containsExactly(10, 20, 40, 80, 80, 80);
	}

	@Test
	void aQueueThatTheAfterRulesNameIsSweptEveryIntervalEvenWhenIdle() {
		this.pacing.swept("flows", false, 0);
		this.pacing.swept("flows", false, 10 * SECOND);
		this.pacing.swept("flows", false, 20 * SECOND);
		assertThat(this.pacing.due("flows", 29 * SECOND)).isFalse();
		assertThat(this.pacing.due("flows", 30 * SECOND)).isTrue();
	}

	@Test
	void findingWorkBringsAQueueBackToTheInterval() {
		this.pacing.swept("plain", false, 0);
		this.pacing.swept("plain", false, 10 * SECOND);
		this.pacing.swept("plain", false, 30 * SECOND);
		this.pacing.swept("plain", true, 70 * SECOND);
		assertThat(this.pacing.due("plain", 80 * SECOND)).isTrue();
		this.pacing.swept("plain", false, 80 * SECOND);
		assertThat(this.pacing.due("plain", 99 * SECOND)).isFalse();
		assertThat(this.pacing.due("plain", 100 * SECOND)).isTrue();
	}

	@Test
	void aLocalReleaseBringsABackedOffQueueBackToTheInterval() {
		this.pacing.swept("plain", false, 0);
		this.pacing.swept("plain", false, 10 * SECOND);
		this.pacing.swept("plain", false, 30 * SECOND);
		this.pacing.wake("plain", 31 * SECOND);
		assertThat(this.pacing.due("plain", 40 * SECOND)).isFalse();
		assertThat(this.pacing.due("plain", 41 * SECOND)).isTrue();
	}

	@Test
	void theSweeperWaitsUntilTheNextDueQueueButNoLongerThanTheInterval() {
		assertThat(this.pacing.nanosUntilNext(0)).isEqualTo(10 * SECOND);
		this.pacing.swept("plain", false, 0);
		this.pacing.swept("flows", false, 0);
		assertThat(this.pacing.nanosUntilNext(3 * SECOND)).isEqualTo(7 * SECOND);
		assertThat(this.pacing.nanosUntilNext(12 * SECOND)).isZero();
	}

}
