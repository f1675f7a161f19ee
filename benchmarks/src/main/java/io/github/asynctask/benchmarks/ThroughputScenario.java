package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code throughput}: n pre-enqueued no-op tasks drained by 16 worker threads
 * ({@code --workers}; from the first start to the n-th, so worker start-up is not
 * counted); and the combined case, 16 producer threads submitting n while the workers run
 * (from the first submit to the n-th start).
 */
final class ThroughputScenario implements Scenario {

	/**
	 * A warm-up drains twice n: on 2 cores busy with the benchmark, the JIT is still
	 * compiling every library's worker path after n tasks (async-task's JVM CPU per task
	 * fell from 222 to 62 us over seven repetitions of 20,000).
	 */
	private static final int WARMUP_FACTOR = 2;

	@Override
	public String name() {
		return "throughput";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		int n = system.scaled(runner.options().n());
		int workers = runner.options().workers();
		if (runner.options().wantsScenario("throughput.drain")) {
			Map<String, Object> params = params(n, 0, workers);
			if (Scenario.supported(system, runner, "throughput.drain", params,
					Set.of(Feature.SUBMIT_WITHOUT_WORKERS))) {
				runner.measure(system, "throughput.drain", params, (contender, warmup) -> {
					int count = warmup ? WARMUP_FACTOR * n : n;
					Producers.fill(system, contender, count);
					Probe.reset(count, false);
					contender.startWorkers(List.of(Contender.QUEUE), workers);
					// costs count from here: booting a worker application is not a task's
					// cost
					long startedBefore = Probe.started();
					RedisCost cost = RedisCost.start(system, runner.redis());
					awaitAll(system, count);
					Map<String, Double> figures = new LinkedHashMap<>();
					figures.put("tasksPerSec", Producers.perSecond(count - 1, Probe.lastNanos() - Probe.firstNanos()));
					figures.putAll(cost.perTask((int) Math.max(1, count - startedBefore)));
					return figures;
				});
			}
		}
		if (runner.options().wantsScenario("throughput.combined")) {
			Map<String, Object> params = params(n, 16, workers);
			runner.measure(system, "throughput.combined", params, (contender, warmup) -> {
				int count = warmup ? WARMUP_FACTOR * n : n;
				contender.startWorkers(List.of(Contender.QUEUE), workers);
				Thread.sleep(500);
				Probe.reset(count, false);
				long start = System.nanoTime();
				contender.submitConcurrently(count, 16);
				awaitAll(system, count);
				return Map.of("tasksPerSec", Producers.perSecond(count, Probe.lastNanos() - start));
			});
		}
	}

	private static Map<String, Object> params(int n, int producers, int workers) {
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("n", n);
		params.put("workers", workers);
		params.put("producerThreads", producers);
		params.put("argBytes", TaskArg.LENGTH);
		params.put("warmupN", WARMUP_FACTOR * n);
		return params;
	}

	static void awaitAll(SystemUnderTest system, long count) throws InterruptedException {
		awaitAll(system, count, Math.max(60_000, count * 2));
	}

	static void awaitAll(SystemUnderTest system, long count, long timeout) throws InterruptedException {
		if (!Probe.await(timeout)) {
			throw new IllegalStateException(system.name() + " had " + Probe.started() + " task starts, expected "
					+ count + " tasks within " + timeout / 1000 + " s");
		}
	}

}
