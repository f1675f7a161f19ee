package io.github.asynctask.benchmarks;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OptionsTests {

	@Test
	void defaultsAreTheIssuesSizes() {
		Options options = Options.parse();
		assertThat(options.n()).isEqualTo(20_000);
		assertThat(options.memoryTasks()).isEqualTo(100_000);
		assertThat(options.latencyRate()).isEqualTo(500);
		assertThat(options.latencySeconds()).isEqualTo(10);
		assertThat(options.latenessTasks()).isEqualTo(1_000);
		assertThat(options.idleSeconds()).isEqualTo(30);
		assertThat(options.reps()).isEqualTo(3);
		assertThat(options.workers()).isEqualTo(16);
		assertThat(Options.parse("--workers=64").workers()).isEqualTo(64);
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("--workers=0"));
		assertThat(options.wantsScenario("memory")).isTrue();
		assertThat(options.wantsSystem("redisson")).isTrue();
		assertThat(options.wantsSystem("rqueue")).isFalse();
		assertThat(options.wantsSystem("async-task-broker")).isFalse();
		assertThat(options.wantsSystem("async-task-context")).as("opt-in, like the broker row").isFalse();
	}

	@Test
	void scenarioNamesSelectByPrefix() {
		Options options = Options.parse("--scenarios=enqueue,latency", "--systems=jesque", "--n=1_000");
		assertThat(options.wantsScenario("enqueue.16threads")).isTrue();
		assertThat(options.wantsScenario("lateness")).isFalse();
		assertThat(options.wantsSystem("jesque")).isTrue();
		assertThat(options.wantsSystem("redisson")).isFalse();
		assertThat(Options.parse("--systems=async-task-broker").wantsSystem("async-task-broker")).isTrue();
		assertThat(options.n()).isEqualTo(1_000);
	}

	@Test
	void latencyLoadSendsAFractionOfEachSystemsDrainMeasuredUnlessGiven() {
		Options defaults = Options.parse();
		assertThat(defaults.loadFraction()).isEqualTo(0.8);
		assertThat(defaults.loadDrain()).isEmpty();
		assertThat(defaults.loadReference()).isEqualTo("drain");
		assertThat(Options.parse("--load-reference=combined").loadReference()).isEqualTo("combined");
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("--load-reference=max"))
			.withMessageContaining("drain or combined");
		Options given = Options.parse("--load-fraction=0.5", "--load-drain=async-task:24_000,jesque:9000");
		assertThat(given.loadFraction()).isEqualTo(0.5);
		assertThat(given.loadDrain()).containsEntry("async-task", 24_000).containsEntry("jesque", 9_000);
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("--load-fraction=1.5"))
			.withMessageContaining("--load-fraction must be in (0, 1]");
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("--load-drain=jesque"))
			.withMessageContaining("system:rate");
	}

	@Test
	void latencyLoadRunsOnlyWhenNamedAndThenWithoutTheIdleVariant() {
		Options alone = Options.parse("--scenarios=latency.load");
		assertThat(alone.namesScenario("latency.load")).isTrue();
		assertThat(alone.wantsScenario("latency")).as("the idle latency variant").isFalse();
		assertThat(Options.parse("--scenarios=latency").namesScenario("latency.load")).isFalse();
		assertThat(Options.parse().namesScenario("latency.load")).as("not in the default run").isFalse();
	}

	@Test
	void unknownOrNonPositiveArgumentsAreRefusedWithTheUsage() {
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("--fast"))
			.withMessageContaining("--scenarios=");
		assertThatIllegalArgumentException().isThrownBy(() -> Options.parse("--n=0"))
			.withMessageContaining("--n must be positive");
	}

}
