package io.github.asynctask.benchmarks;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What to run and how big, from {@code --name=value} arguments.
 *
 * @param scenarios scenario names or prefixes ({@code enqueue} selects every enqueue
 * variant); empty: all
 * @param systems system names; empty: all
 * @param n tasks per enqueue and throughput repetition
 * @param memoryTasks pending tasks in the memory scenario
 * @param latencyRate submits per second in the latency scenario
 * @param latencySeconds how long the latency scenario submits
 * @param latenessTasks delayed tasks in the lateness scenario
 * @param idleSeconds measured idle time, split in {@code reps} windows
 * @param loadFraction the share of each system's drain rate {@code latency.load} sends
 * @param loadReference what {@code latency.load} takes as a system's maximum:
 * {@link #DRAIN} or {@link #COMBINED}
 * @param loadDrain drain rates by system name that {@code latency.load} takes instead of
 * measuring them
 * @param workers worker threads of the {@code throughput} scenarios
 * @param warmups warm-up repetitions before the measured ones
 * @param reps measured repetitions
 * @param out the JSON-lines file the RESULT lines are appended to
 */
record Options(List<String> scenarios, List<String> systems, int n, int memoryTasks, int latencyRate,
		int latencySeconds, int latenessTasks, int idleSeconds, double loadFraction, String loadReference,
		Map<String, Integer> loadDrain, int workers, int warmups, int reps, Path out) {

	/**
	 * Run only when named: Rqueue barely works on our Spring Boot (see docs), and the
	 * broker-only row is a diagnostic between raw Redis and the whole stack.
	 */
	static final Set<String> OPT_IN_SYSTEMS = Set.of("rqueue", "async-task-broker", "async-task-context",
			"async-task-pool3", OutboxScenario.OFF, OutboxScenario.ON);

	/** {@code latency.load} at a fraction of the drain rate (the reference). */
	static final String DRAIN = "drain";

	/**
	 * {@code latency.load} at a fraction of the rate with producers and workers running.
	 */
	static final String COMBINED = "combined";

	static final String USAGE = """
			Arguments (all optional):
			  --scenarios=enqueue,throughput,latency,lateness,memory,idle,schedule,workload,scale,latency.load   names or prefixes (default: all but scale and latency.load, which run only when named)
			              scale.backlog,scale.queues,scale.instances (or scale.): cost as the work grows, only when named
			  --systems=async-task,async-task-broker,raw-redis,redisson,jesque,bullmq,rqueue,thread-pool   (default: all but rqueue and async-task-broker)
			  --n=20000            tasks per enqueue/throughput repetition (the issue's N is 50000)
			  --memory-tasks=100000 --latency-rate=500 --latency-seconds=10 --lateness-tasks=1000 --idle-seconds=30
			  --load-fraction=0.8  latency.load sends this share of each system's drain rate, measured first
			  --load-reference=drain   or combined: the rate with 16 producer threads submitting while the workers run
			  --load-drain=async-task:24000,jesque:9000   take these reference rates instead of measuring them
			  --workers=16         worker threads of the throughput scenarios (and the producers' count in throughput.combined stays 16)
			  --warmups=1 --reps=3   a warm-up is full size (throughput: twice), memory a tenth, latency at twice the rate
			  --quick              n=5000, memory-tasks=10000, latency-seconds=3, lateness-tasks=300, idle-seconds=6
			  --out=target/benchmark-results.jsonl
			""";

	static Options parse(String... args) {
		List<String> scenarios = List.of();
		List<String> systems = List.of();
		// 20,000 keeps the default run within 10 minutes on 2 cores; --n=50000 is the
		// issue's N.
		int n = 20_000;
		int memoryTasks = 100_000;
		int latencyRate = 500;
		int latencySeconds = 10;
		int latenessTasks = 1_000;
		int idleSeconds = 30;
		double loadFraction = 0.8;
		String loadReference = DRAIN;
		Map<String, Integer> loadDrain = Map.of();
		int workers = 16;
		// one full-size warm-up (twice n in throughput); with the JIT settled after every
		// start-up and the systems interleaved, a second one changed no median beyond
		// the spread and cost 90 s of the 10-minute budget
		int warmups = 1;
		int reps = 3;
		Path out = Path.of("target", "benchmark-results.jsonl");
		for (String arg : args) {
			if (arg.isBlank()) {
				continue;
			}
			if (arg.equals("--quick")) {
				n = 5_000;
				memoryTasks = 10_000;
				latencySeconds = 3;
				latenessTasks = 300;
				idleSeconds = 6;
				continue;
			}
			int eq = arg.indexOf('=');
			if (!arg.startsWith("--") || eq < 0) {
				throw new IllegalArgumentException("Unknown argument '" + arg + "'\n" + USAGE);
			}
			String name = arg.substring(2, eq);
			String value = arg.substring(eq + 1);
			switch (name) {
				case "scenarios", "scenario" -> scenarios = list(value);
				case "systems", "system" -> systems = list(value);
				case "n" -> n = positive(name, value);
				case "memory-tasks" -> memoryTasks = positive(name, value);
				case "latency-rate" -> latencyRate = positive(name, value);
				case "latency-seconds" -> latencySeconds = positive(name, value);
				case "lateness-tasks" -> latenessTasks = positive(name, value);
				case "idle-seconds" -> idleSeconds = positive(name, value);
				case "load-fraction" -> loadFraction = fraction(name, value);
				case "load-reference" -> loadReference = reference(value);
				case "load-drain" -> loadDrain = rates(value);
				case "workers" -> workers = positive(name, value);
				case "warmups" -> warmups = Integer.parseInt(value);
				case "reps" -> reps = positive(name, value);
				case "out" -> out = Path.of(value);
				default -> throw new IllegalArgumentException("Unknown argument '" + arg + "'\n" + USAGE);
			}
		}
		return new Options(scenarios, systems, n, memoryTasks, latencyRate, latencySeconds, latenessTasks, idleSeconds,
				loadFraction, loadReference, loadDrain, workers, warmups, reps, out);
	}

	boolean wantsScenario(String name) {
		return this.scenarios.isEmpty() || this.scenarios.stream().anyMatch(name::startsWith);
	}

	/**
	 * Whether the selection names this opt-in variant (or one of its own variants): the
	 * long ones ({@code scale}, {@code latency.load}) run only when asked for by name.
	 */
	boolean namesScenario(String name) {
		return this.scenarios.stream().anyMatch((selected) -> selected.startsWith(name));
	}

	/**
	 * Rqueue only on request: it is slow (~75 tasks/s) and its rows are unreliable here.
	 */
	boolean wantsSystem(String name) {
		return this.systems.isEmpty() ? !OPT_IN_SYSTEMS.contains(name) : this.systems.contains(name);
	}

	private static List<String> list(String value) {
		return List.of(value.split(",")).stream().map(String::trim).filter((s) -> !s.isEmpty()).toList();
	}

	private static double fraction(String name, String value) {
		double number = Double.parseDouble(value);
		if (!(number > 0 && number <= 1)) {
			throw new IllegalArgumentException("--" + name + " must be in (0, 1] but was " + value);
		}
		return number;
	}

	private static String reference(String value) {
		if (!value.equals(DRAIN) && !value.equals(COMBINED)) {
			throw new IllegalArgumentException("--load-reference must be drain or combined but was " + value);
		}
		return value;
	}

	/** {@code system:rate,system:rate}. */
	private static Map<String, Integer> rates(String value) {
		Map<String, Integer> rates = new LinkedHashMap<>();
		for (String entry : list(value)) {
			int colon = entry.lastIndexOf(':');
			if (colon <= 0) {
				throw new IllegalArgumentException("--load-drain wants system:rate pairs but got '" + entry + "'");
			}
			rates.put(entry.substring(0, colon), positive("load-drain", entry.substring(colon + 1)));
		}
		return Map.copyOf(rates);
	}

	private static int positive(String name, String value) {
		int number = Integer.parseInt(value.replace("_", ""));
		if (number <= 0) {
			throw new IllegalArgumentException("--" + name + " must be positive but was " + value);
		}
		return number;
	}

}
