package io.github.asynctask.benchmarks;

/**
 * An opt-in scenario of async-task's own costs, with no row for the peers: it runs only
 * when {@code --scenarios} {@link Scenario#named names} it, and only on async-task.
 */
abstract class AsyncTaskCostScenario implements Scenario {

	private final String name;

	AsyncTaskCostScenario(String name) {
		this.name = name;
	}

	@Override
	public final String name() {
		return this.name;
	}

	@Override
	public final void run(SystemUnderTest system, Runner runner) {
		if (Scenario.named(runner.options(), this.name) && system.name().equals("async-task")) {
			measure(system, runner, runner.options());
		}
	}

	/** Measures this scenario's rows and reports them. */
	abstract void measure(SystemUnderTest system, Runner runner, Options options);

}
