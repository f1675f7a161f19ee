package io.github.asynctask.benchmarks;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Time-ordered ids for the rows that call scripts without the library's submitter: 26
 * characters, like a ULID, so memory figures compare.
 */
final class TaskIds {

	private static final AtomicLong counter = new AtomicLong();

	private TaskIds() {
	}

	static String next() {
		String time = Long.toString(System.currentTimeMillis(), 32);
		String count = Long.toString(counter.incrementAndGet(), 32);
		String id = time + "0".repeat(Math.max(0, 26 - time.length() - count.length())) + count;
		return id.toUpperCase();
	}

}
