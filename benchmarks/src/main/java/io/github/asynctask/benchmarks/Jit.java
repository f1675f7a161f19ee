package io.github.asynctask.benchmarks;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Lets the JIT compilers finish what a start-up queued before anything is measured. On 2
 * cores, a Spring application boot keeps a compiler thread busy for a second or more;
 * unchecked, that CPU lands in whatever is measured next, whichever system it is.
 */
final class Jit {

	private static final long QUIET_MILLIS = 100;

	private static final long MAX_WAIT_MILLIS = 3_000;

	private Jit() {
	}

	/**
	 * Milliseconds the JIT compilers have spent so far (0 where the JVM does not tell):
	 * their CPU time, which the JVM's process CPU time includes.
	 */
	static long compilationMillis() {
		CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
		return (jit != null && jit.isCompilationTimeMonitoringSupported()) ? jit.getTotalCompilationTime() : 0;
	}

	/** Wait until no compilation happened for a moment, or a few seconds at most. */
	static void settle() throws InterruptedException {
		CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
		if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
			return;
		}
		long deadline = System.currentTimeMillis() + MAX_WAIT_MILLIS;
		long compiled = jit.getTotalCompilationTime();
		while (System.currentTimeMillis() < deadline) {
			Thread.sleep(QUIET_MILLIS);
			long now = jit.getTotalCompilationTime();
			if (now == compiled) {
				return;
			}
			compiled = now;
		}
	}

}
