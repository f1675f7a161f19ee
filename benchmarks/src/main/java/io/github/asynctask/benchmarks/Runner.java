package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Runs measurements as warm-ups plus measured repetitions, each on a flushed Redis and a
 * freshly opened contender, and hands the figures to the report.
 * <p>
 * Scenarios only plan their measurements; {@link #runPlanned} then runs each variant for
 * all systems with their repetitions interleaved (A, B, C, A, B, C, ...). On a shared
 * 2-core machine the speed of a loopback round trip drifts by tens of percent from one
 * minute to the next; measured one system after the other, that drift lands in the ratios
 * between systems, interleaved it hits every system alike.
 */
final class Runner {

	private final RedisTarget redis;

	private final Options options;

	private final Report report;

	private final List<Planned> planned = new ArrayList<>();

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

	/**
	 * Plan a measurement; it runs, interleaved with the other systems', in
	 * {@link #runPlanned}.
	 */
	void measure(SystemUnderTest system, String scenario, Map<String, Object> params, Measurement measurement) {
		this.planned.add(new Planned(system, scenario, params, measurement));
	}

	/**
	 * Run every planned measurement, variant by variant in the order planned, then report
	 * them.
	 * @param startNanos when the whole run started, for the progress lines
	 */
	void runPlanned(long startNanos) {
		Map<String, List<Planned>> byScenario = new LinkedHashMap<>();
		this.planned.forEach((plan) -> byScenario.computeIfAbsent(plan.scenario, (key) -> new ArrayList<>()).add(plan));
		this.planned.clear();
		byScenario.forEach((scenario, plans) -> {
			System.out.printf("-- %s: %s, interleaved (at %.0f s)%n", scenario,
					String.join(", ", plans.stream().map((plan) -> plan.system.name()).toList()),
					(System.nanoTime() - startNanos) / 1e9);
			runInterleaved(plans);
		});
	}

	private void runInterleaved(List<Planned> plans) {
		int total = this.options.warmups() + this.options.reps();
		try {
			for (int i = 0; i < total; i++) {
				boolean warmup = i < this.options.warmups();
				for (Planned plan : plans) {
					plan.runOnce(warmup);
				}
			}
		}
		finally {
			this.redis.flushAll();
		}
		for (Planned plan : plans) {
			if (plan.error == null) {
				this.report.result(plan.system, plan.scenario, plan.params, plan.runs);
			}
			else {
				this.report.failure(plan.system, plan.scenario, plan.params, plan.error);
			}
		}
	}

	/** One system's measurement of one variant, with the figures of its runs so far. */
	private final class Planned {

		private final SystemUnderTest system;

		private final String scenario;

		private final Map<String, Object> params;

		private final Measurement measurement;

		private final Map<String, List<Double>> runs = new LinkedHashMap<>();

		/** The first failure; the system's remaining runs of this variant are skipped. */
		private @Nullable Exception error;

		Planned(SystemUnderTest system, String scenario, Map<String, Object> params, Measurement measurement) {
			this.system = system;
			this.scenario = scenario;
			this.params = params;
			this.measurement = measurement;
		}

		void runOnce(boolean warmup) {
			if (this.error != null) {
				return;
			}
			try {
				Runner.this.redis.flushAll();
				Map<String, Double> figures;
				try (Contender contender = this.system.open(Runner.this.redis)) {
					Jit.settle();
					figures = this.measurement.run(contender, warmup);
				}
				if (!warmup) {
					figures.forEach(
							(name, value) -> this.runs.computeIfAbsent(name, (key) -> new ArrayList<>()).add(value));
				}
			}
			catch (Exception ex) {
				this.error = ex;
			}
		}

	}

}
