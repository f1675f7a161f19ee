package io.github.asynctask.benchmarks;

import java.util.Map;
import java.util.Set;

/**
 * One scenario of the issue (with its variants), run on one system at a time.
 */
interface Scenario {

	/** Family name, matched by {@code --scenarios}. */
	String name();

	void run(SystemUnderTest system, Runner runner);

	/**
	 * Whether {@code --scenarios} names this opt-in scenario: by its name or a prefix of
	 * it longer than {@code scale.} ({@code scale.backlog}, {@code scale.}), so the whole
	 * default run, and a run of {@code scale} (the sharded queue's rows), leave it out.
	 */
	static boolean named(Options options, String scenario) {
		return options.scenarios()
			.stream()
			.anyMatch((name) -> scenario.startsWith(name) && name.length() > "scale".length());
	}

	/**
	 * Report "n/a" and return false when the system lacks a feature this variant needs.
	 */
	static boolean supported(SystemUnderTest system, Runner runner, String scenario, Map<String, Object> params,
			Set<Feature> needed) {
		for (Feature feature : needed) {
			if (!system.features().contains(feature)) {
				runner.report().notApplicable(system, scenario, params, system.name() + " has no " + feature);
				return false;
			}
		}
		return true;
	}

}
