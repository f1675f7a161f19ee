package io.github.asynctask.benchmarks;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What {@link ThreadBreakdown} reads from the JVM: the bytes and CPU time of its threads.
 */
class ThreadBreakdownTests {

	private static volatile Object kept;

	@Test
	void whatThisThreadAllocatesCountsUnderItsName() {
		assumeTrue(ThreadBreakdown.supported(), "this JVM does not count threads' bytes");
		ThreadBreakdown start = ThreadBreakdown.now();
		for (int i = 0; i < 100; i++) {
			kept = new byte[10_000];
		}
		ThreadBreakdown end = ThreadBreakdown.now();
		assertThat(end.allocatedSince(start)).isGreaterThanOrEqualTo(1_000_000);
		String name = Thread.currentThread().getName().replaceAll("[0-9]+", "N");
		assertThat(end.describeSince(start, 100)).startsWith("THREADS per task over 100 tasks:")
			.containsPattern(" " + Pattern.quote(name) + " [0-9.]+ us 1[0-9]{4} B;");
	}

}
