package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.asynctask.worker.VirtualThreads;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code workload}: a realistic task instead of a no-op. n orders of 10 lines (about 1 KB
 * as JSON) are enqueued first (untimed), then workers start; rate from when they started
 * to the n-th body's end, and the thread time per task beyond the body's own wait
 * ({@code overheadMsPerTask} = threads / rate − the wait). Variants:
 * <ul>
 * <li>{@code workload.io10ms}: a 10 ms wait on 64 platform threads, every system with a
 * workload adapter, the local pool as the reference;</li>
 * <li>{@code workload.virtual}: a 100 ms wait, 1,000 at once on virtual threads (Java
 * 21+), async-task and the local pool;</li>
 * <li>{@code workload.platform1000}: the same on 1,000 platform threads, for
 * comparison.</li>
 * </ul>
 */
final class WorkloadScenario implements Scenario {

	private static final int IO_THREADS = 64;

	private static final long IO_MILLIS = 10;

	private static final int MANY = 1_000;

	private static final long MANY_MILLIS = 100;

	@Override
	public String name() {
		return "workload";
	}

	@Override
	public void run(SystemUnderTest peer, Runner runner) {
		WorkloadSystem system = WorkloadSystem.of(peer);
		int n = peer.scaled(runner.options().n());
		variant(peer, system, runner, "workload.io10ms", n, IO_THREADS, IO_MILLIS, false, false);
		variant(peer, system, runner, "workload.virtual", runner.options().n(), MANY, MANY_MILLIS, true, true);
		variant(peer, system, runner, "workload.platform1000", runner.options().n(), MANY, MANY_MILLIS, false, true);
	}

	private void variant(SystemUnderTest peer, WorkloadSystem system, Runner runner, String scenario, int n,
			int threads, long ioMillis, boolean virtual, boolean needsVirtualSupport) {
		if (!runner.options().wantsScenario(scenario)) {
			return;
		}
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("n", n);
		params.put("threads", threads);
		params.put("virtualThreads", virtual);
		params.put("ioMillis", ioMillis);
		params.put("payloadBytes", JsonMapper.builder().build().writeValueAsString(Order.sample(1)).length());
		params.put("orderLines", Order.LINES);
		params.put("java", Runtime.version().toString());
		if (system == null) {
			runner.report().notApplicable(peer, scenario, params, peer.name() + " has no workload adapter");
			return;
		}
		if (needsVirtualSupport && !system.virtualThreads()) {
			runner.report().notApplicable(peer, scenario, params, peer.name() + " has no virtual-thread workers");
			return;
		}
		if (virtual && !VirtualThreads.supported()) {
			runner.report()
				.notApplicable(peer, scenario, params, "virtual threads need Java 21+, this JVM is " + Runtime.version()
						+ ": run with -Dbench.java=<JDK 21+>/bin/java");
			return;
		}
		runner.measure(system, scenario, params, (contender, warmup) -> {
			WorkloadContender workload = (WorkloadContender) contender;
			fill(workload, n, ioMillis);
			Probe.reset(n, false);
			OrderBody.reset();
			if (virtual) {
				workload.startVirtualWorkers(threads);
			}
			else {
				workload.startWorkers(List.of(Contender.QUEUE), threads);
			}
			// from here: booting a worker application is not a task's cost, and the
			// first wave's bodies all end one wait later, so the first end is no start
			long start = System.nanoTime();
			long endedBefore = Probe.started();
			RedisCost cost = RedisCost.start(system, runner.redis());
			ThroughputScenario.awaitAll(system, n);
			double perSecond = Producers.perSecond(n - endedBefore, Probe.lastNanos() - start);
			Map<String, Double> figures = new LinkedHashMap<>();
			figures.put("tasksPerSec", perSecond);
			figures.put("overheadMsPerTask", threads * 1000.0 / perSecond - ioMillis);
			figures.put("maxConcurrent", (double) OrderBody.maxRunning());
			figures.putAll(cost.perTask((int) Math.max(1, n - endedBefore)));
			return figures;
		});
	}

	/** Enqueue n orders from 16 threads, untimed. */
	private static void fill(WorkloadContender contender, int n, long ioMillis) throws Exception {
		int threads = 16;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> futures = new ArrayList<>(threads);
			for (int t = 0; t < threads; t++) {
				int first = t;
				futures.add(pool.submit(() -> {
					for (int i = first; i < n; i += threads) {
						contender.submit(Order.sample(i), ioMillis);
					}
					return null;
				}));
			}
			for (Future<?> future : futures) {
				future.get();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

}
