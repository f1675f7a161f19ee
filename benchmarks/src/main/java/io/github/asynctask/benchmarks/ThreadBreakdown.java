package io.github.asynctask.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU time and heap allocation of this JVM's threads over a measurement, by thread name
 * (digits folded, so a pool's threads add up under one name). Only Java threads are seen:
 * the difference to the process's CPU time is the JVM's own work (JIT compilers, GC), and
 * a thread that ended within the measurement is missed. With
 * {@code -Dbench.threadBreakdown=true} each measurement prints the groups as a
 * {@code THREADS} line.
 */
final class ThreadBreakdown {

	static final String PROPERTY = "bench.threadBreakdown";

	private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory
		.getThreadMXBean();

	/** CPU nanoseconds and allocated bytes by thread id. */
	private final Map<Long, long[]> byThread;

	private ThreadBreakdown(Map<Long, long[]> byThread) {
		this.byThread = byThread;
	}

	static ThreadBreakdown now() {
		Map<Long, long[]> byThread = new HashMap<>();
		for (long id : THREADS.getAllThreadIds()) {
			byThread.put(id, new long[] { THREADS.getThreadCpuTime(id), THREADS.getThreadAllocatedBytes(id) });
		}
		return new ThreadBreakdown(byThread);
	}

	/** Bytes the JVM's threads allocated since {@code start}. */
	long allocatedSince(ThreadBreakdown start) {
		long total = 0;
		for (Map.Entry<Long, long[]> entry : this.byThread.entrySet()) {
			total += entry.getValue()[1] - start.of(entry.getKey())[1];
		}
		return total;
	}

	/** One line: each thread group's CPU microseconds and allocated bytes per task. */
	String describeSince(ThreadBreakdown start, int tasks) {
		Map<String, double[]> groups = new TreeMap<>();
		this.byThread.forEach((id, now) -> {
			ThreadInfo info = THREADS.getThreadInfo(id);
			if (info != null) {
				double[] group = groups.computeIfAbsent(info.getThreadName().replaceAll("[0-9]+", "N"),
						(name) -> new double[2]);
				group[0] += (now[0] - start.of(id)[0]) / 1000.0 / tasks;
				group[1] += (double) (now[1] - start.of(id)[1]) / tasks;
			}
		});
		StringBuilder line = new StringBuilder("THREADS per task over " + tasks + " tasks:");
		groups.forEach((name, group) -> {
			if (group[0] >= 0.05 || group[1] >= 1) {
				line.append(String.format(Locale.ROOT, " %s %.1f us %.0f B;", name, group[0], group[1]));
			}
		});
		return line.toString();
	}

	private long[] of(long threadId) {
		return this.byThread.getOrDefault(threadId, new long[2]);
	}

}
