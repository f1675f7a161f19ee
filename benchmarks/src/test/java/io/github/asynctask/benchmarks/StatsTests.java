package io.github.asynctask.benchmarks;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StatsTests {

	@Test
	void summaryGivesMedianAndSpreadOfTheRuns() {
		Map<String, Object> summary = Stats.summary(List.of(110.0, 90.0, 100.0));
		assertThat(summary).containsEntry("median", 100.0)
			.containsEntry("min", 90.0)
			.containsEntry("max", 110.0)
			.containsEntry("spreadPct", 20.0);
	}

	@Test
	void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
		assertThat(Stats.median(new double[] { 1, 2, 3, 10 })).isEqualTo(2.5);
	}

	@Test
	void percentilesUseTheNearestRank() {
		long[] sorted = new long[100];
		for (int i = 0; i < sorted.length; i++) {
			sorted[i] = i + 1;
		}
		assertThat(Stats.percentile(sorted, 50)).isEqualTo(50);
		assertThat(Stats.percentile(sorted, 99)).isEqualTo(99);
		assertThat(Stats.percentile(sorted, 100)).isEqualTo(100);
		assertThat(Stats.percentile(new long[] { 7 }, 99)).isEqualTo(7);
		assertThat(Stats.percentile(new long[0], 50)).isNaN();
	}

	@Test
	void taskArgumentsAreAHundredCharactersAndCarryTheReferenceTime() {
		String arg = TaskArg.of(123_456_789_012L);
		assertThat(arg).hasSize(TaskArg.LENGTH);
		assertThat(TaskArg.reference(arg)).isEqualTo(123_456_789_012L);
	}

}
