package io.github.asynctask.benchmarks;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Reading callgrind's output file.
 */
class ScriptInstructionsTests {

	@Test
	void theSummaryLineGivesTheTotal() {
		assertThat(ScriptInstructions.totalInstructions(
				List.of("version: 1", "creator: callgrind-3.19.0", "events: Ir", "summary: 2053885821", "fn=main")))
			.isEqualTo(2_053_885_821L);
	}

	@Test
	void aFileWithTotalsInsteadOfASummaryIsReadToo() {
		assertThat(ScriptInstructions.totalInstructions(List.of("events: Ir", "totals: 42"))).isEqualTo(42);
	}

	@Test
	void aFileWithoutEitherIsRefused() {
		assertThatIllegalStateException().isThrownBy(() -> ScriptInstructions.totalInstructions(List.of("events: Ir")))
			.withMessageContaining("no summary");
	}

}
