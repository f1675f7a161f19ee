package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code latency.load}: latency near saturation, each system at the same fraction of its
 * own maximum; runs only when named ({@code --scenarios=latency.load}). Every repetition
 * first measures the system's drain rate (n pre-enqueued tasks, 16 workers, as
 * {@code throughput.drain}; or the rate given by {@code --load-drain}), or with
 * {@code --load-reference=combined} its rate with 16 producer threads submitting while
 * the workers run (as {@code throughput.combined}: the most it takes when the submits
 * share the machine), then, with the same workers running, sends an open-loop schedule of
 * submits at {@code --load-fraction} (80 %) of that rate for {@code --latency-seconds}
 * from 16 sender threads (see {@link OpenLoop}). Figures: the reference and the rate
 * sent, enqueue-to-start percentiles measured from each submit's due time (p50, p99,
 * p99.9, max), how late the senders left (p99: the harness's own share), and context
 * switches per task of the system's threads.
 */
final class LatencyLoadScenario implements Scenario {

	static final String NAME = "latency.load";

	private static final int WORKERS = 16;

	private static final int SENDERS = 16;

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		Options options = runner.options();
		if (!options.namesScenario(NAME)) {
			// 4 to 5 minutes for four systems: only when asked for by name, as scale
			return;
		}
		int n = system.scaled(options.n());
		Integer givenDrain = options.loadDrain().get(system.name());
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("fraction", options.loadFraction());
		params.put("seconds", options.latencySeconds());
		params.put("workers", WORKERS);
		params.put("senderThreads", SENDERS);
		params.put("reference", options.loadReference());
		params.put("referenceN", (givenDrain != null) ? 0 : n);
		params.put("givenDrainPerSec", (givenDrain != null) ? givenDrain : 0);
		// a system without Redis (the local pool) has no drain a Redis client can load
		if (!Scenario.supported(system, runner, NAME, params, Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.REDIS))) {
			return;
		}
		runner.measure(system, NAME, params, (contender, warmup) -> {
			double reference;
			if (givenDrain != null) {
				contender.startWorkers(List.of(Contender.QUEUE), WORKERS);
				reference = givenDrain;
			}
			else if (options.loadReference().equals(Options.COMBINED)) {
				reference = combined(system, contender, n);
			}
			else {
				reference = drain(system, contender, n);
			}
			double rate = options.loadFraction() * reference;
			int count = (int) Math.max(1, Math.round(rate * options.latencySeconds()));
			Jit.settle();
			Probe.reset(count, true);
			long switchesBefore = ContextSwitches.now(system.processes());
			long[] late = OpenLoop.send(contender, rate, count, SENDERS);
			ThroughputScenario.awaitAll(system, count, 60_000);
			long switches = ContextSwitches.now(system.processes()) - switchesBefore;
			long[] delays = Probe.sortedDelays();
			Map<String, Double> figures = new LinkedHashMap<>();
			figures.put(options.loadReference() + "PerSec", (double) Math.round(reference));
			figures.put("ratePerSec", (double) Math.round(rate));
			figures.put("p50Ms", Stats.percentile(delays, 50) / 1e6);
			figures.put("p99Ms", Stats.percentile(delays, 99) / 1e6);
			figures.put("p999Ms", Stats.percentile(delays, 99.9) / 1e6);
			figures.put("maxMs", delays[delays.length - 1] / 1e6);
			figures.put("sendLateP99Ms", Stats.percentile(late, 99) / 1e6);
			figures.put("ctxSwitchesPerTask", Math.round(100.0 * switches / count) / 100.0);
			return figures;
		});
	}

	/** The drain rate, as {@code throughput.drain} measures it; workers keep running. */
	private static double drain(SystemUnderTest system, Contender contender, int n) throws Exception {
		Producers.fill(system, contender, n);
		Probe.reset(n, false);
		contender.startWorkers(List.of(Contender.QUEUE), WORKERS);
		ThroughputScenario.awaitAll(system, n);
		return Producers.perSecond(n - 1, Probe.lastNanos() - Probe.firstNanos());
	}

	/**
	 * The rate of 16 producers submitting while the workers run, as
	 * {@code throughput.combined} measures it; workers keep running.
	 */
	private static double combined(SystemUnderTest system, Contender contender, int n) throws Exception {
		contender.startWorkers(List.of(Contender.QUEUE), WORKERS);
		Probe.reset(n, false);
		long start = System.nanoTime();
		contender.submitConcurrently(n, 16);
		ThroughputScenario.awaitAll(system, n);
		return Producers.perSecond(n, Probe.lastNanos() - start);
	}

}
