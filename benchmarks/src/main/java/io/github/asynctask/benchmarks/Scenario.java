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
