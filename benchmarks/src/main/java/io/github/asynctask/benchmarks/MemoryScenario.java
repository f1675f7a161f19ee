package io.github.asynctask.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code memory}: pending tasks with a ~100-byte argument and no worker; Redis
 * {@code used_memory} delta per task, and the same minus the argument's length.
 */
final class MemoryScenario implements Scenario {

	@Override
	public String name() {
		return "memory";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		// bytes per task do not depend on the count (0 % spread in every run so far),
		// so the slow peers fill as many as they are scaled to elsewhere
		int tasks = system.scaled(runner.options().memoryTasks());
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("tasks", tasks);
		params.put("argBytes", TaskArg.LENGTH);
		params.put("warmupTasks", tasks / 10);
		if (!Scenario.supported(system, runner, "memory", params,
				Set.of(Feature.REDIS, Feature.SUBMIT_WITHOUT_WORKERS))) {
			return;
		}
		runner.measure(system, "memory", params, (contender, warmup) -> {
			int count = warmup ? tasks / 10 : tasks;
			Thread.sleep(200);
			long before = runner.redis().usedMemory();
			Producers.fill(system, contender, count);
			Thread.sleep(200);
			double perTask = (runner.redis().usedMemory() - before) / (double) count;
			Map<String, Double> figures = new LinkedHashMap<>();
			figures.put("bytesPerTask", perTask);
			figures.put("bytesPerTaskBeyondArg", perTask - TaskArg.LENGTH);
			return figures;
		});
	}

}
