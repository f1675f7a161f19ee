package io.github.asynctask.benchmarks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Median and spread of repeated measurements, and percentiles of sorted samples.
 */
final class Stats {

	private Stats() {
	}

	/** Median, min, max and spread ((max - min) / median, in percent) of the runs. */
	static Map<String, Object> summary(List<Double> runs) {
		double[] sorted = runs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		double median = median(sorted);
		Map<String, Object> summary = new LinkedHashMap<>();
		summary.put("median", median);
		summary.put("min", sorted[0]);
		summary.put("max", sorted[sorted.length - 1]);
		summary.put("spreadPct",
				(median == 0) ? 0.0 : 100.0 * (sorted[sorted.length - 1] - sorted[0]) / Math.abs(median));
		summary.put("runs", runs);
		return summary;
	}

	/**
	 * The median duration in ms of {@code calls} runs of {@code call}, one after the
	 * other.
	 */
	static double medianMillis(int calls, Runnable call) {
		double[] ms = new double[calls];
		for (int i = 0; i < calls; i++) {
			long start = System.nanoTime();
			call.run();
			ms[i] = (System.nanoTime() - start) / 1e6;
		}
		Arrays.sort(ms);
		return median(ms);
	}

	static double median(double[] sorted) {
		int n = sorted.length;
		return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
	}

	/**
	 * The value at a percentile (0-100) of sorted samples, nearest-rank; NaN when empty.
	 */
	static double percentile(long[] sorted, double percent) {
		if (sorted.length == 0) {
			return Double.NaN;
		}
		int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
		return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
	}

	static double[] sorted(double... values) {
		double[] copy = values.clone();
		Arrays.sort(copy);
		return copy;
	}

}
