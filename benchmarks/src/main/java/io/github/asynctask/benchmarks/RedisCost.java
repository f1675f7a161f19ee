package io.github.asynctask.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * What a drain cost Redis, per task: server CPU time and commands called (scripts count
 * once each, plus the commands they run). Says where a throughput figure is bounded: by
 * Redis's own work or by the client around it.
 */
final class RedisCost {

	private final RedisTarget redis;

	private final boolean counting;

	private final double cpuSecondsAtStart;

	private final long callsAtStart;

	private final long scriptCallsAtStart;

	private final long jvmCpuNanosAtStart = jvmCpuNanos();

	private RedisCost(RedisTarget redis, boolean counting) {
		this.redis = redis;
		this.counting = counting;
		this.cpuSecondsAtStart = counting ? redis.cpuSeconds() : 0;
		this.callsAtStart = counting ? redis.commandCalls() : 0;
		this.scriptCallsAtStart = counting ? scriptCalls(redis) : 0;
	}

	/** Start counting; a system that does not use Redis gets no figures. */
	static RedisCost start(SystemUnderTest system, RedisTarget redis) {
		return new RedisCost(redis, system.features().contains(Feature.REDIS));
	}

	/** Redis CPU microseconds and commands per task since {@link #start}. */
	Map<String, Double> perTask(int tasks) {
		double jvmMicros = (jvmCpuNanos() - this.jvmCpuNanosAtStart) / 1000.0 / tasks;
		if (!this.counting) {
			return Map.of("jvmCpuMicrosPerTask", Math.round(jvmMicros * 10) / 10.0);
		}
		double cpuMicros = (this.redis.cpuSeconds() - this.cpuSecondsAtStart) * 1_000_000 / tasks;
		double calls = (double) (this.redis.commandCalls() - this.callsAtStart) / tasks;
		double scripts = (double) (scriptCalls(this.redis) - this.scriptCallsAtStart) / tasks;
		return Map.of("redisCpuMicrosPerTask", Math.round(cpuMicros * 10) / 10.0, "redisCommandsPerTask",
				Math.round(calls * 100) / 100.0, "scriptCallsPerTask", Math.round(scripts * 100) / 100.0,
				"jvmCpuMicrosPerTask", Math.round(jvmMicros * 10) / 10.0);
	}

	private static long scriptCalls(RedisTarget redis) {
		Map<String, Long> calls = redis.commandCallsByName();
		return calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L);
	}

	private static long jvmCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}

}
