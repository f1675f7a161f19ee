package io.github.asynctask.benchmarks;

import java.util.Map;
import java.util.Set;

/**
 * A named system with the features it supports, opening one {@link Contender} per
 * measurement.
 */
interface SystemUnderTest {

	/** The name in RESULT lines. */
	String name();

	/** Library versions, by artifact. */
	Map<String, String> versions();

	Set<Feature> features();

	/** A short note on how the system is set up, for the results. */
	String setup();

	Contender open(RedisTarget redis) throws Exception;

	/**
	 * How many of the {@code n} tasks of an enqueue or throughput repetition this system
	 * gets; slow systems get fewer so the whole run stays within 10 minutes (every RESULT
	 * line states the n used).
	 */
	default int scaled(int n) {
		return n;
	}

}
