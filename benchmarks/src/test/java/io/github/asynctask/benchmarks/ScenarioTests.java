package io.github.asynctask.benchmarks;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScenarioTests {

	@Test
	void theCostScenariosRunWhenNamedOrByAPrefixOfTheirOwn() {
		assertThat(Scenario.named(Options.parse("--scenarios=scale.backlog"), "scale.backlog")).isTrue();
		assertThat(Scenario.named(Options.parse("--scenarios=scale."), "scale.queues")).isTrue();
		assertThat(Scenario.named(Options.parse("--scenarios=enqueue,scale.instances"), "scale.instances")).isTrue();
	}

	@Test
	void theDefaultRunAndARunOfTheShardedScaleRowsLeaveThemOut() {
		assertThat(Scenario.named(Options.parse(), "scale.backlog")).isFalse();
		assertThat(Scenario.named(Options.parse("--scenarios=scale"), "scale.backlog")).isFalse();
		assertThat(Scenario.named(Options.parse("--scenarios=scale.queues"), "scale.backlog")).isFalse();
	}

}
