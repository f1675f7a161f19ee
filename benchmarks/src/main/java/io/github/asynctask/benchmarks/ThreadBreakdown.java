package io.github.asynctask.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

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

	/** HotSpot's thread bean, or null on a JVM that does not count threads' bytes. */
	private static final com.sun.management.@Nullable ThreadMXBean THREADS = countingBean();

	/** CPU nanoseconds and allocated bytes by thread id. */
	private final Map<Long, long[]> byThread;

	private ThreadBreakdown(Map<Long, long[]> byThread) {
		this.byThread = byThread;
	}

	/** Whether this JVM counts the CPU time and bytes of each thread. */
	static boolean supported() {
		return THREADS != null;
	}

	/** The threads as they are now; none where {@link #supported() unsupported}. */
	static ThreadBreakdown now() {
		Map<Long, long[]> byThread = new HashMap<>();
		if (THREADS != null) {
			for (long id : THREADS.getAllThreadIds()) {
				long cpu = THREADS.getThreadCpuTime(id);
				long bytes = THREADS.getThreadAllocatedBytes(id);
				if (cpu >= 0 && bytes >= 0) {
					// -1: the thread ended meanwhile
					byThread.put(id, new long[] { cpu, bytes });
				}
			}
		}
		return new ThreadBreakdown(byThread);
	}

	private static com.sun.management.@Nullable ThreadMXBean countingBean() {
		if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
				&& bean.isThreadAllocatedMemorySupported() && bean.isThreadAllocatedMemoryEnabled()
				&& bean.isThreadCpuTimeSupported() && bean.isThreadCpuTimeEnabled()) {
			return bean;
		}
		return null;
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
			ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(id);
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
