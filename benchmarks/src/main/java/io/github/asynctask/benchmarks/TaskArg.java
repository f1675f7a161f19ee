package io.github.asynctask.benchmarks;

/**
 * The ~100-character argument of every benchmark task: a reference time in
 * {@link System#nanoTime()} units (submit time for latency, due time for lateness), then
 * padding.
 */
final class TaskArg {

	/** Characters in every argument. */
	static final int LENGTH = 100;

	private static final String PADDING = "x".repeat(LENGTH);

	private TaskArg() {
	}

	static String of(long referenceNanos) {
		String head = Long.toString(referenceNanos) + '|';
		return head + PADDING.substring(head.length());
	}

	static long reference(String arg) {
		int bar = arg.indexOf('|');
		return (bar > 0) ? Long.parseLong(arg.substring(0, bar)) : 0;
	}

}
