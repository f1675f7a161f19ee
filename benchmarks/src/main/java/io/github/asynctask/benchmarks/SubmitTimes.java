package io.github.asynctask.benchmarks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Each submit of a one-thread loop timed on its own: the latency a caller (a web
 * request's thread) waits for one submit, p50 / p99 / p99.9 in µs beside the loop's rate.
 * Only for contenders whose loop runs in this JVM (the default
 * {@link Contender#submitConcurrently}); BullMQ's runs in its Node process.
 */
final class SubmitTimes {

	private SubmitTimes() {
	}

	/** Whether {@code contender} submits from this JVM's threads. */
	static boolean measurable(Contender contender) {
		try {
			return contender.getClass()
				.getMethod("submitConcurrently", int.class, int.class)
				.getDeclaringClass() == Contender.class;
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
	}

	/**
	 * {@code n} submits from one new thread, as {@link Producers#onThreads} with one
	 * thread; each submit's nanoseconds into {@code times}; returns the elapsed nanos.
	 */
	static long oneThread(Contender contender, int n, long[] times) throws Exception {
		ExecutorService thread = Executors.newSingleThreadExecutor();
		try {
			return thread.submit(() -> {
				long start = System.nanoTime();
				for (int i = 0; i < n; i++) {
					long before = System.nanoTime();
					contender.submit(TaskArg.of(before));
					times[i] = System.nanoTime() - before;
				}
				return System.nanoTime() - start;
			}).get();
		}
		finally {
			thread.shutdownNow();
		}
	}

	/** p50, p99 and p99.9 of {@code times} in µs, under {@code prefix}. */
	static Map<String, Double> percentiles(String prefix, long[] times) {
		long[] sorted = times.clone();
		Arrays.sort(sorted);
		Map<String, Double> figures = new LinkedHashMap<>();
		figures.put(prefix + "P50Us", micros(Stats.percentile(sorted, 50)));
		figures.put(prefix + "P99Us", micros(Stats.percentile(sorted, 99)));
		figures.put(prefix + "P999Us", micros(Stats.percentile(sorted, 99.9)));
		return figures;
	}

	private static double micros(double nanos) {
		return Math.round(nanos / 100.0) / 10.0;
	}

}
