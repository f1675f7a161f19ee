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

	/** Runs what the options select; returns the exit status. */
	static int run(Options options) throws Exception {
		long start = System.nanoTime();
		try (RedisProcess server = RedisProcess.start("--save", "", "--appendonly", "no")) {
			RedisTarget redis = new RedisTarget(server);
			Map<String, Object> machine = Machine.describe(redis);
			System.out.println("MACHINE " + Json.write(machine));
			System.out.println("OPTIONS " + options);
			Report report = new Report(System.out, options.out(), machine);
			Runner runner = new Runner(redis, options, report);
			List<SystemUnderTest> systems = systems(options, redis, report);
			for (Scenario scenario : scenarios()) {
				if (!options.wantsScenario(scenario.name())
						&& options.scenarios().stream().noneMatch((s) -> s.startsWith(scenario.name() + "."))) {
					continue;
				}
				System.out.printf("-- %s (at %.0f s)%n", scenario.name(), (System.nanoTime() - start) / 1e9);
				for (SystemUnderTest system : systems) {
					scenario.run(system, runner);
				}
				runner.runPlanned(start);
			}
			System.out.println();
			System.out.println(report.table());
			System.out.printf("Total time: %.0f s%n", (System.nanoTime() - start) / 1e9);
			// Failed rows are results too (with their error); the run itself succeeded.
			return 0;
		}
	}

	static List<Scenario> scenarios() {
		return List.of(new EnqueueScenario(), new ThroughputScenario(), new LatencyScenario(),
				new LatencyLoadScenario(), new LatenessScenario(), new MemoryScenario(), new IdleScenario(),
				new ScheduleScenario(), new ConsoleScenario(), new WorkloadScenario(), new OutboxScenario(),
				new ScaleScenario(), new ScaleBacklogScenario(), new ScaleQueuesScenario(),
				new ScaleInstancesScenario(), new BatchScenario());
	}

	/**
	 * The selected systems that can run here; one that cannot start (Rqueue on a Spring
	 * Boot it was not built for, BullMQ without Node.js) gets a RESULT line with the
	 * exact error instead.
	 */
	static List<SystemUnderTest> systems(Options options, RedisTarget redis, Report report) {
		List<SystemUnderTest> systems = new ArrayList<>();
		for (SystemUnderTest system : List.of(new AsyncTaskSystem(), new AsyncTaskSystem("async-task-context", true),
				AsyncTaskSystem.pooled(), new BrokerSystem(), new RawRedisSystem(), new RedissonSystem(),
				new JesqueSystem(), new BullMqSystem(), new RqueueSystem(), new LocalPoolSystem(),
				OutboxScenario.outboxOff(), OutboxScenario.outboxOn())) {
			if (!options.wantsSystem(system.name())) {
				continue;
			}
			String error = system.startError(redis);
			if (error != null) {
				report.cannotStart(system.name(), system.versions(), error);
				continue;
			}
			systems.add(system);
		}
		return systems;
	}

}
