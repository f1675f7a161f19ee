package io.github.asynctask.benchmarks;

import java.util.Map;

/**
 * One repetition of a scenario on a freshly opened contender: returns its figures by
 * name.
 */
@FunctionalInterface
interface Measurement {

	Map<String, Double> run(Contender contender, boolean warmup) throws Exception;

}
