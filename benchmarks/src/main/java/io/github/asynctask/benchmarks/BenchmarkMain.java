package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.asynctask.test.RedisProcess;

/**
 * Runs the scenarios of the benchmarks issue for every system against one
 * {@code redis-server} started on a free port without persistence, and prints one
 * {@code RESULT {json}} line per scenario and system, then a table of medians. See
 * {@code benchmarks/README.md} for the commands.
 */
public final class BenchmarkMain {

	private BenchmarkMain() {
	}

	public static void main(String[] args) throws Exception {
		int status = run(Options.parse(args));
		System.exit(status);
	}

	/** Runs what the options select; returns 0, or 1 when a measurement failed. */
	static int run(Options options) throws Exception {
		long start = System.nanoTime();
		try (RedisProcess server = RedisProcess.start("--save", "", "--appendonly", "no")) {
			RedisTarget redis = new RedisTarget(server);
			Map<String, Object> machine = Machine.describe(redis);
			System.out.println("MACHINE " + Json.write(machine));
			System.out.println("OPTIONS " + options);
			Report report = new Report(System.out, options.out(), machine);
			Runner runner = new Runner(redis, options, report);
			for (Scenario scenario : scenarios()) {
				if (!options.wantsScenario(scenario.name())
						&& options.scenarios().stream().noneMatch((s) -> s.startsWith(scenario.name() + "."))) {
					continue;
				}
				for (SystemUnderTest system : systems(report)) {
					if (options.wantsSystem(system.name())) {
						System.out.println("-- " + scenario.name() + " / " + system.name());
						scenario.run(system, runner);
					}
				}
			}
			System.out.println();
			System.out.println(report.table());
			System.out.printf("Total time: %.0f s%n", (System.nanoTime() - start) / 1e9);
			return report.failures() ? 1 : 0;
		}
	}

	static List<Scenario> scenarios() {
		return List.of(new EnqueueScenario(), new ThroughputScenario(), new LatencyScenario(), new LatenessScenario(),
				new MemoryScenario(), new IdleScenario());
	}

	static List<SystemUnderTest> systems(Report report) {
		List<SystemUnderTest> systems = new ArrayList<>();
		systems.add(new AsyncTaskSystem());
		systems.add(new BrokerSystem());
		systems.add(new RawRedisSystem());
		systems.add(new RedissonSystem());
		systems.add(new JesqueSystem());
		systems.add(new LocalPoolSystem());
		return systems;
	}

}
