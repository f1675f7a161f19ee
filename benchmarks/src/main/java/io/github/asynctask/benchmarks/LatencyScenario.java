package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code latency}: a steady rate of submits from one thread to an idle pool of 16;
 * enqueue-to-start delay (from just before the submit call to the body's start)
 * percentiles in milliseconds, and the context switches per task of the system's threads
 * (see {@link ContextSwitches}).
 */
final class LatencyScenario implements Scenario {

	private static final int WARMUP_SPEED_UP = 2;

	@Override
	public String name() {
		return "latency";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		if (!runner.options().wantsScenario(name())) {
			// only latency.load was asked for
			return;
		}
		int rate = runner.options().latencyRate();
		int seconds = runner.options().latencySeconds();
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("ratePerSec", rate);
		params.put("seconds", seconds);
		params.put("workers", 16);
		// the warm-up submits as many tasks as a repetition, at twice the rate: after a
		// third of them p99 still fell from one repetition to the next for every library,
		// the JIT still compiling their paths
		params.put("warmupTasks", rate * seconds);
		params.put("warmupRatePerSec", WARMUP_SPEED_UP * rate);
		if (!Scenario.supported(system, runner, "latency", params, Set.of(Feature.IDLE_WORKERS))) {
			return;
		}
		runner.measure(system, "latency", params, (contender, warmup) -> {
			int count = rate * seconds;
			contender.startWorkers(List.of(Contender.QUEUE), 16);
			Thread.sleep(1_000);
			Probe.reset(count, true);
			long period = 1_000_000_000L / (warmup ? WARMUP_SPEED_UP * rate : rate);
			long switchesBefore = ContextSwitches.now(system.processes());
			contender.submitPaced(count, period);
			ThroughputScenario.awaitAll(system, count, 30_000);
			long switches = ContextSwitches.now(system.processes()) - switchesBefore;
			Map<String, Double> figures = percentiles(Probe.sortedDelays(), 50, 95, 99);
			figures.put("ctxSwitchesPerTask", Math.round(100.0 * switches / count) / 100.0);
			return figures;
		});
	}

	static Map<String, Double> percentiles(long[] sortedNanos, double... percents) {
		Map<String, Double> figures = new LinkedHashMap<>();
		for (double percent : percents) {
			figures.put("p" + (int) percent + "Ms", Stats.percentile(sortedNanos, percent) / 1e6);
		}
		figures.put("maxMs", sortedNanos[sortedNanos.length - 1] / 1e6);
		return figures;
	}

}
