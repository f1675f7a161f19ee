package io.github.asynctask.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.QueueFullException;
import io.github.asynctask.TaskOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 17: a queue held at its {@code max-backlog} for one minute. Two producer
 * threads submit 250 tasks/s together, well beyond what two worker JVMs (two threads
 * each, 40 ms a body) run; every 12 s one worker JVM is killed ({@code kill -9}) and
 * started again. Twice a second the backlog (pending + scheduled + retry, read in one
 * script) and Redis {@code used_memory} are sampled. The backlog never passes the limit
 * but by the tasks a killed JVM was running, which come back when their lease runs out;
 * memory stays flat, every accepted submit runs and every refused one was told so with a
 * {@link QueueFullException}; nothing else fails. Its minute is mostly waiting and its
 * checks (an atomic backlog read, its own Redis's memory) do not depend on timing, so it
 * runs beside the other scenarios, as they all do (at most two at a time).
 */
@Execution(ExecutionMode.CONCURRENT)
class BacklogLimitIntegrationTests {

	private static final int LIMIT = 300;

	private static final int WORKER_THREADS = 2;

	private static final Duration HOLD = Duration.ofSeconds(60);

	private static final int PER_SECOND_PER_PRODUCER = 125;

	/** Samples of the first seconds at the limit are not judged for memory. */
	private static final Duration WARM_UP = Duration.ofSeconds(5);

	private static final String BACKLOG = "return redis.call('LLEN', KEYS[1]) + redis.call('ZCARD', KEYS[2])"
			+ " + redis.call('ZCARD', KEYS[3])";

	@Test
	void aQueueHeldAtItsLimitForAMinuteWhileWorkersAreKilledLosesNothingAndKeepsRedisMemoryFlat() throws Exception {
		// completed ids are remembered 10 s here (1 h by default), so their memory is
		// steady within the minute
		Map<String, String> args = Map.of("maxBacklog", String.valueOf(LIMIT), "completedIds", "10000");
		try (Rig rig = new Rig(args)) {
			List<WorkerJvm> workers = rig.startWorkers(2,
					(options) -> options.with("concurrency", String.valueOf(WORKER_THREADS)));
			AtomicBoolean producing = new AtomicBoolean(true);
			AtomicInteger accepted = new AtomicInteger();
			AtomicInteger rejected = new AtomicInteger();
			Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
			List<Thread> producers = new ArrayList<>();
			for (int p = 0; p < 2; p++) {
				Thread producer = new Thread(() -> {
					long start = System.nanoTime();
					for (long i = 0; producing.get(); i++) {
						pauseUntil(start + i * 1_000_000_000L / PER_SECOND_PER_PRODUCER);
						try {
							rig.producer.submit(LedgerChecker.Expect.SUCCESS, TaskOptions.defaults(),
									() -> rig.producer.tasks.work("b", 40));
							accepted.incrementAndGet();
						}
						catch (QueueFullException ex) {
							rejected.incrementAndGet();
						}
						catch (RuntimeException ex) {
							failures.computeIfAbsent(ex.getClass().getSimpleName(), (k) -> new AtomicInteger())
								.incrementAndGet();
						}
					}
				}, "producer-" + p);
				producer.start();
				producers.add(producer);
			}
			// the minute starts once the queue is full
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> backlog(rig) >= LIMIT);
			List<long[]> samples = new ArrayList<>();
			long start = System.currentTimeMillis();
			long nextKill = start + 12_000;
			int kills = 0;
			List<CompletableFuture<Void>> restarts = new ArrayList<>();
			while (System.currentTimeMillis() - start < HOLD.toMillis()) {
				long now = System.currentTimeMillis();
				samples.add(new long[] { now - start, backlog(rig), rig.usedMemory() });
				if (now >= nextKill) {
					WorkerJvm victim = workers.get(kills++ % workers.size());
					rig.kill(victim);
					// started again beside the sampling, which goes on meanwhile
					restarts.add(CompletableFuture.runAsync(victim::start));
					nextKill = System.currentTimeMillis() + 12_000;
				}
				WorkerCrashIntegrationTests.sleep(Duration.ofMillis(500));
			}
			producing.set(false);
			restarts.forEach(CompletableFuture::join);
			for (Thread producer : producers) {
				producer.join(10_000);
			}
			rig.awaitDrained(Duration.ofSeconds(60));

			LedgerChecker.Verdict verdict = rig.verdict();
			List<long[]> judged = samples.stream().filter((s) -> s[0] >= WARM_UP.toMillis()).toList();
			long maxBacklog = samples.stream().mapToLong((s) -> s[1]).max().orElse(0);
			long nearFull = samples.stream().filter((s) -> s[1] >= LIMIT * 9 / 10).count();
			long[] memory = judged.stream().mapToLong((s) -> s[2]).toArray();
			long firstQuarter = median(memory, 0, memory.length / 4);
			long lastQuarter = median(memory, memory.length * 3 / 4, memory.length);
			Map<String, Object> figures = new LinkedHashMap<>();
			figures.put("limit", LIMIT);
			figures.put("holdSeconds", HOLD.toSeconds());
			figures.put("accepted", accepted.get());
			figures.put("rejected", rejected.get());
			figures.put("otherFailures", failures);
			figures.put("kills", kills);
			figures.put("samples", samples.size());
			figures.put("maxBacklog", maxBacklog);
			figures.put("samplesAtLeast90PercentFull", nearFull + "/" + samples.size());
			figures.put("usedMemoryMinMax", List.of(min(memory), max(memory)));
			figures.put("usedMemoryMedianFirstLastQuarter", List.of(firstQuarter, lastQuarter));
			rig.report("17-backlog-limit-held-a-minute", verdict, figures);

			// submits never pass the limit; tasks whose lease ran out with a killed JVM
			// come back unchecked (refusing them would lose them): at most the threads of
			// the two JVMs (docs/backlog-limits.md)
			assertThat(maxBacklog).as("backlog sampled atomically, never above the limit + the tasks in flight")
				.isLessThanOrEqualTo(LIMIT + 2 * WORKER_THREADS);
			assertThat(nearFull).as("samples with the queue at least 90 percent full")
				.isGreaterThanOrEqualTo(samples.size() * 9L / 10);
			assertThat(rejected.get()).as("submits refused with QueueFullException").isPositive();
			assertThat(failures).as("submits that failed otherwise").isEmpty();
			assertThat(accepted.get()).isEqualTo(verdict.tasks());
			// flat: the last quarter's median within 1 MB of the first's (the backlog
			// itself is about 300 tasks; a queue that kept growing by the refused
			// submits would add several MB)
			assertThat(lastQuarter - firstQuarter).as("used_memory growth over the minute").isLessThan(1 << 20);
			assertThat(verdict.lost()).as("accepted submits that never ran").isEmpty();
			assertThat(verdict.unexpected()).isEmpty();
			assertThat(verdict.duplicatesAllowed()).isTrue();
			assertThat(rig.invariants.problems()).isEmpty();
		}
	}

	private static long backlog(Rig rig) {
		String queue = ReliabilityTasks.QUEUE;
		return Long.parseLong(rig.redis
			.cli("EVAL", BACKLOG, "3", rig.keys.pending(queue), rig.keys.scheduled(queue), rig.keys.retry(queue))
			.trim());
	}

	private static long median(long[] values, int from, int to) {
		long[] part = java.util.Arrays.copyOfRange(values, from, Math.max(to, from + 1));
		java.util.Arrays.sort(part);
		return part[part.length / 2];
	}

	private static long min(long[] values) {
		return java.util.Arrays.stream(values).min().orElse(0);
	}

	private static long max(long[] values) {
		return java.util.Arrays.stream(values).max().orElse(0);
	}

	private static void pauseUntil(long nanos) {
		long wait = nanos - System.nanoTime();
		if (wait > 0) {
			WorkerCrashIntegrationTests.sleep(Duration.ofNanos(wait));
		}
	}

}
