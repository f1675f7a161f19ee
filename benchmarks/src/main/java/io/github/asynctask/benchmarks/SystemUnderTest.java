package io.github.asynctask.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

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
	 * Checked once per run before the system is measured: the error text when it cannot
	 * run here (the run reports it and goes on without the system), else null.
	 */
	default @Nullable String startError(RedisTarget redis) {
		return null;
	}

	/**
	 * Processes outside this JVM that run the system's clients and workers, whose CPU
	 * time the drain's cost figures add; none for a library in this JVM.
	 */
	default List<ProcessHandle> processes() {
		return List.of();
	}

	/**
	 * How many of the {@code n} tasks of an enqueue or throughput repetition this system
	 * gets; slow systems get fewer so the whole run stays within 10 minutes (every RESULT
	 * line states the n used).
	 */
	default int scaled(int n) {
		return n;
	}

}
