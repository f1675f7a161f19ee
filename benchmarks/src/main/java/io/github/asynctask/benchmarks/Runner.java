package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a measurement as a warm-up plus the measured repetitions, each on a flushed Redis
 * and a freshly opened contender, and hands the figures to the report.
 */
final class Runner {

	private final RedisTarget redis;

	private final Options options;

	private final Report report;

	Runner(RedisTarget redis, Options options, Report report) {
		this.redis = redis;
		this.options = options;
		this.report = report;
	}

	Options options() {
		return this.options;
	}

	RedisTarget redis() {
		return this.redis;
	}

	Report report() {
		return this.report;
	}

	void measure(SystemUnderTest system, String scenario, Map<String, Object> params, Measurement measurement) {
		Map<String, List<Double>> runs = new LinkedHashMap<>();
		int total = this.options.warmups() + this.options.reps();
		try {
			for (int i = 0; i < total; i++) {
				boolean warmup = i < this.options.warmups();
				this.redis.flushAll();
				Map<String, Double> figures;
				try (Contender contender = system.open(this.redis)) {
					figures = measurement.run(contender, warmup);
				}
				if (!warmup) {
					figures.forEach((name, value) -> runs.computeIfAbsent(name, (key) -> new ArrayList<>()).add(value));
				}
			}
			this.report.result(system, scenario, params, runs);
		}
		catch (Exception ex) {
			this.report.failure(system, scenario, params, ex);
		}
		finally {
			this.redis.flushAll();
		}
	}

}
