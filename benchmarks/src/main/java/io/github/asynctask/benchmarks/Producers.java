package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;

/**
 * Producer-side loops shared by the scenarios: submit from several threads, submit in
 * batches, and fill a queue the fastest way the system offers.
 */
final class Producers {

	static final int BATCH = 100;

	private Producers() {
	}

	/**
	 * Submit {@code n} tasks split over {@code threads} threads; returns elapsed nanos.
	 */
	static long onThreads(Contender contender, int n, int threads) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> futures = new ArrayList<>(threads);
			long start = System.nanoTime();
			for (int t = 0; t < threads; t++) {
				int share = n / threads + ((t < n % threads) ? 1 : 0);
				futures.add(pool.submit(() -> {
					for (int i = 0; i < share; i++) {
						contender.submit(TaskArg.of(System.nanoTime()));
					}
					return null;
				}));
			}
			for (Future<?> future : futures) {
				future.get();
			}
			return System.nanoTime() - start;
		}
		finally {
			pool.shutdownNow();
		}
	}

	/** Submit {@code n} tasks from this thread in batches of {@link #BATCH}. */
	static long inBatches(Contender contender, int n) throws Exception {
		long start = System.nanoTime();
		List<String> batch = new ArrayList<>(BATCH);
		for (int i = 0; i < n; i++) {
			batch.add(TaskArg.of(System.nanoTime()));
			if (batch.size() == BATCH || i == n - 1) {
				contender.submitBatch(batch);
				batch = new ArrayList<>(BATCH);
			}
		}
		return System.nanoTime() - start;
	}

	/** Submit {@code n} tasks from this thread, one every {@code periodNanos}. */
	static void paced(Contender contender, int n, long periodNanos) throws Exception {
		long start = System.nanoTime();
		for (int i = 0; i < n; i++) {
			long due = start + i * periodNanos;
			for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
				LockSupport.parkNanos(wait);
			}
			contender.submit(TaskArg.of(System.nanoTime()));
		}
	}

	/** Put {@code n} tasks in the queue, untimed, the fastest way the system has. */
	static void fill(SystemUnderTest system, Contender contender, int n) throws Exception {
		if (system.features().contains(Feature.BATCH)) {
			contender.submitBatches(n);
		}
		else {
			contender.submitConcurrently(n, 16);
		}
	}

	static double perSecond(long count, long nanos) {
		return count * 1e9 / nanos;
	}

}
