package io.github.asynctask.benchmarks;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a drain cost Redis, per task: server CPU time, the part of it spent inside
 * scripts, and commands called (scripts count once each, plus the commands they run); and
 * the CPU time (the JIT compilers' and the collector's shares also apart, see
 * {@link JvmOwnThreads}) and heap allocation of this JVM, and the CPU time of the
 * system's own processes outside it. Says where a throughput figure is bounded: by
 * Redis's own work or by the client around it. {@link CommandBreakdown} and
 * {@link ThreadBreakdown} print the details on request.
 */
final class RedisCost {

	private final RedisTarget redis;

	private final boolean counting;

	private final double cpuSecondsAtStart;

	private final CommandBreakdown commandsAtStart;

	private final long jvmCpuNanosAtStart = jvmCpuNanos();

	private final ThreadBreakdown threadsAtStart = ThreadBreakdown.now();

	private final long jitMillisAtStart = Jit.compilationMillis();

	private final JvmOwnThreads ownThreadsAtStart = JvmOwnThreads.now();

	private final List<ProcessHandle> processes;

	private final long processCpuNanosAtStart;

	private final long contextSwitchesAtStart;

	private final Map<String, Long> switchesByThreadAtStart;

	/**
	 * The switches are read first, so reading them is not counted in the heap figures.
	 */
	private RedisCost(RedisTarget redis, boolean counting, List<ProcessHandle> processes, long contextSwitches,
			Map<String, Long> switchesByThread) {
		this.contextSwitchesAtStart = contextSwitches;
		this.switchesByThreadAtStart = switchesByThread;
		this.redis = redis;
		this.counting = counting;
		this.processes = processes;
		this.processCpuNanosAtStart = cpuNanos(processes);
		this.cpuSecondsAtStart = counting ? redis.cpuSeconds() : 0;
		this.commandsAtStart = counting ? CommandBreakdown.of(redis) : CommandBreakdown.NONE;
	}

	/** Start counting; a system that does not use Redis gets no figures. */
	static RedisCost start(SystemUnderTest system, RedisTarget redis) {
		return new RedisCost(redis, system.features().contains(Feature.REDIS), system.processes(),
				ContextSwitches.now(system.processes()), ContextSwitches.byThreadName());
	}

	/** Redis CPU microseconds and commands per task since {@link #start}. */
	Map<String, Double> perTask(int tasks) {
		Map<String, Double> figures = new LinkedHashMap<>();
		if (this.counting) {
			double cpuMicros = (this.redis.cpuSeconds() - this.cpuSecondsAtStart) * 1_000_000 / tasks;
			CommandBreakdown commands = CommandBreakdown.of(this.redis).since(this.commandsAtStart);
			figures.put("redisCpuMicrosPerTask", Math.round(cpuMicros * 10) / 10.0);
			figures.put("redisCommandsPerTask", Math.round(commands.calls() * 100.0 / tasks) / 100.0);
			figures.put("scriptCallsPerTask", Math.round(commands.scriptCalls() * 100.0 / tasks) / 100.0);
			figures.put("redisScriptMicrosPerTask", Math.round(commands.scriptMicros() * 10.0 / tasks) / 10.0);
			if (Boolean.getBoolean(CommandBreakdown.PROPERTY)) {
				System.out.println(commands.describe(tasks));
			}
		}
		double jvmMicros = (jvmCpuNanos() - this.jvmCpuNanosAtStart) / 1000.0 / tasks;
		figures.put("jvmCpuMicrosPerTask", Math.round(jvmMicros * 10) / 10.0);
		double jitMicros = (Jit.compilationMillis() - this.jitMillisAtStart) * 1000.0 / tasks;
		figures.put("jitMicrosPerTask", Math.round(jitMicros * 10) / 10.0);
		JvmOwnThreads ownThreads = JvmOwnThreads.now();
		double compilerMicros = ownThreads.compilerNanosSince(this.ownThreadsAtStart) / 1000.0 / tasks;
		figures.put("jitCpuMicrosPerTask", Math.round(compilerMicros * 10) / 10.0);
		double collectorMicros = ownThreads.collectorNanosSince(this.ownThreadsAtStart) / 1000.0 / tasks;
		figures.put("gcCpuMicrosPerTask", Math.round(collectorMicros * 10) / 10.0);
		ThreadBreakdown threads = ThreadBreakdown.now();
		long switches = ContextSwitches.now(this.processes) - this.contextSwitchesAtStart;
		figures.put("contextSwitchesPerTask", Math.round(switches * 100.0 / tasks) / 100.0);
		if (ThreadBreakdown.supported()) {
			figures.put("jvmAllocBytesPerTask",
					(double) Math.round((double) threads.allocatedSince(this.threadsAtStart) / tasks));
		}
		if (Boolean.getBoolean(ThreadBreakdown.PROPERTY)) {
			System.out.println(threads.describeSince(this.threadsAtStart, tasks));
			System.out
				.println(ContextSwitches.describe(this.switchesByThreadAtStart, ContextSwitches.byThreadName(), tasks));
		}
		if (!this.processes.isEmpty()) {
			double micros = (cpuNanos(this.processes) - this.processCpuNanosAtStart) / 1000.0 / tasks;
			figures.put("processCpuMicrosPerTask", Math.round(micros * 10) / 10.0);
		}
		return figures;
	}

	/** CPU time of processes outside this JVM, as the OS reports it (/proc on Linux). */
	private static long cpuNanos(List<ProcessHandle> processes) {
		return processes.stream()
			.mapToLong((process) -> process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L))
			.sum();
	}

	private static long jvmCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}

}
