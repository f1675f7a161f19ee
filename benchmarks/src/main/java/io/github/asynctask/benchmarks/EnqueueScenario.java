package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code enqueue}: n submits of a no-op task with a ~100-byte argument, no worker
 * running: from one thread, from 16 threads, and 100 per transaction or batch.
 */
final class EnqueueScenario implements Scenario {

	@Override
	public String name() {
		return "enqueue";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		int n = system.scaled(runner.options().n());
		variant(system, runner, "enqueue.1thread", n, 1, false);
		variant(system, runner, "enqueue.16threads", n, 16, false);
		variant(system, runner, "enqueue.batch100", n, 1, true);
	}

	private void variant(SystemUnderTest system, Runner runner, String scenario, int n, int threads, boolean batch) {
		if (!runner.options().wantsScenario(scenario)) {
			return;
		}
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("n", n);
		params.put("threads", threads);
		params.put("batch", batch ? Producers.BATCH : 1);
		params.put("argBytes", TaskArg.LENGTH);
		params.put("warmupN", n);
		Set<Feature> needed = batch ? Set.of(Feature.SUBMIT_WITHOUT_WORKERS, Feature.BATCH)
				: Set.of(Feature.SUBMIT_WITHOUT_WORKERS);
		if (!Scenario.supported(system, runner, scenario, params, needed)) {
			return;
		}
		runner.measure(system, scenario, params, (contender, warmup) -> {
			int count = n;
			if (threads == 1 && !batch && SubmitTimes.measurable(contender)) {
				// the same loop, each submit timed: what one caller waits
				long[] times = new long[count];
				long nanos = SubmitTimes.oneThread(contender, count, times);
				Map<String, Double> figures = new LinkedHashMap<>();
				figures.put("submitsPerSec", Producers.perSecond(count, nanos));
				figures.putAll(SubmitTimes.percentiles("submit", times));
				return figures;
			}
			long nanos = batch ? contender.submitBatches(count) : contender.submitConcurrently(count, threads);
			return Map.of("submitsPerSec", Producers.perSecond(count, nanos));
		});
	}

}
