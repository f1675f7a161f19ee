package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code lateness}: tasks delayed by 1 s, submitted one per millisecond to a running pool
 * of 16 (so timer accuracy is measured, not a burst); actual start minus due time in
 * milliseconds (due = just before the submit call + 1 s).
 */
final class LatenessScenario implements Scenario {

	private static final Duration DELAY = Duration.ofSeconds(1);

	@Override
	public String name() {
		return "lateness";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		int tasks = runner.options().latenessTasks();
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("tasks", tasks);
		params.put("delayMs", DELAY.toMillis());
		params.put("submitEveryMs", 1);
		params.put("workers", 16);
		if (!Scenario.supported(system, runner, "lateness", params, Set.of(Feature.DELAY, Feature.IDLE_WORKERS))) {
			return;
		}
		runner.measure(system, "lateness", params, (contender, warmup) -> {
			int count = warmup ? Math.max(1, tasks / 5) : tasks;
			contender.startWorkers(List.of(Contender.QUEUE), 16);
			Thread.sleep(1_000);
			Probe.reset(count, true);
			long start = System.nanoTime();
			for (int i = 0; i < count; i++) {
				long next = start + i * 1_000_000L;
				for (long wait = next - System.nanoTime(); wait > 0; wait = next - System.nanoTime()) {
					LockSupport.parkNanos(wait);
				}
				contender.submitDelayed(TaskArg.of(System.nanoTime() + DELAY.toNanos()), DELAY);
			}
			ThroughputScenario.awaitAll(system, count, 30_000);
			long[] delays = Probe.sortedDelays();
			Map<String, Double> figures = LatencyScenario.percentiles(delays, 50, 99);
			figures.put("minMs", delays[0] / 1e6);
			return figures;
		});
	}

}
