package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.BatchInfo;
import io.github.asynctask.BatchOptions;
import io.github.asynctask.BatchReceipt;
import io.github.asynctask.BatchState;
import io.github.asynctask.annotation.AsyncTask;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code batch} (only when named): what a task pays for being a batch's child. Each
 * repetition submits n no-op tasks from one thread, then drains them with 16 workers: in
 * {@code batch.plain} as plain calls, in {@code batch.children} as the children of one
 * {@code template.batch} whose {@code onSuccess} callback is a task. Per task, for the
 * submit and for the drain apart: the rate, Redis CPU and commands, JVM CPU and
 * allocation ({@link RedisCost}); Redis memory per waiting task; and for the batch, the
 * time from its last child's start to its callback's start. The two variants alternate,
 * so the machine's drift lands on both.
 */
final class BatchScenario implements Scenario {

	private static final int WORKERS = 16;

	private static final long CALLBACK_TIMEOUT_MILLIS = 120_000;

	@Override
	public String name() {
		return "batch";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		Options options = runner.options();
		if (!system.name().equals("async-task")
				|| options.scenarios().stream().noneMatch((s) -> s.startsWith("batch"))) {
			return;
		}
		int n = options.n();
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("n", n);
		params.put("workers", WORKERS);
		params.put("producerThreads", 1);
		params.put("argBytes", TaskArg.LENGTH);
		Map<Variant, Map<String, List<Double>>> runs = new LinkedHashMap<>();
		try {
			for (int i = 0; i < options.warmups() + options.reps(); i++) {
				boolean warmup = i < options.warmups();
				for (Variant variant : Variant.values()) {
					Map<String, Double> figures = once(system, runner.redis(), variant,
							warmup ? Math.max(1, n / 10) : n);
					if (!warmup) {
						Map<String, List<Double>> variantRuns = runs.computeIfAbsent(variant,
								(v) -> new LinkedHashMap<>());
						figures.forEach(
								(key, value) -> variantRuns.computeIfAbsent(key, (k) -> new ArrayList<>()).add(value));
					}
				}
			}
			runs.forEach((variant, figures) -> runner.report().result(system, variant.scenario(), params, figures));
		}
		catch (Exception ex) {
			runner.report().failure(system, "batch", params, ex);
		}
	}

	private static Map<String, Double> once(SystemUnderTest system, RedisTarget redis, Variant variant, int count)
			throws Exception {
		redis.flushAll();
		Map<String, Double> figures = new LinkedHashMap<>();
		ConfigurableApplicationContext producer = AsyncTaskSystem.application(redis,
				Map.of("async-task.worker.enabled", "false"), BatchDone.class);
		ConfigurableApplicationContext worker = null;
		try {
			AsyncTaskTemplate template = producer.getBean(AsyncTaskTemplate.class);
			NoopTasks tasks = producer.getBean(NoopTasks.class);
			BatchDone done = producer.getBean(BatchDone.class);
			template.pause(Contender.QUEUE);
			BatchDone.reset();
			Probe.reset(count, false);
			Thread.sleep(200);
			long memoryBefore = redis.usedMemory();
			RedisCost submitCost = RedisCost.start(system, redis);
			long start = System.nanoTime();
			String batchId = null;
			if (variant == Variant.PLAIN) {
				submit(tasks, count);
			}
			else {
				BatchReceipt receipt = template.batch(BatchOptions.named("bench").onSuccess(() -> done.done("bench")),
						() -> submit(tasks, count));
				batchId = receipt.batchId();
			}
			long submitNanos = System.nanoTime() - start;
			figures.put("submitsPerSec", Producers.perSecond(count, submitNanos));
			submitCost.perTask(count).forEach((key, value) -> figures.put("submit." + key, value));
			Thread.sleep(200);
			figures.put("redisBytesPerWaitingTask", (redis.usedMemory() - memoryBefore) / (double) count);
			worker = AsyncTaskSystem.application(redis, Map.of("async-task.queues." + Contender.QUEUE + ".concurrency",
					WORKERS, "async-task.shutdown-timeout", "5s"), BatchDone.class);
			Jit.settle();
			RedisCost drainCost = RedisCost.start(system, redis);
			template.resume(Contender.QUEUE);
			ThroughputScenario.awaitAll(system, count);
			figures.put("tasksPerSec", Producers.perSecond(count - 1, Probe.lastNanos() - Probe.firstNanos()));
			if (batchId != null) {
				long callback = BatchDone.await(CALLBACK_TIMEOUT_MILLIS);
				figures.put("callbackAfterLastChildMs", Math.round((callback - Probe.lastNanos()) / 10_000.0) / 100.0);
				BatchInfo info = template.findBatch(batchId).orElseThrow();
				if (info.state() != BatchState.SUCCEEDED || info.completed() != count) {
					throw new IllegalStateException("batch " + batchId + " ended " + info.state() + " with "
							+ info.completed() + " of " + count + " children completed");
				}
			}
			drainCost.perTask(count).forEach((key, value) -> figures.put("drain." + key, value));
			return figures;
		}
		finally {
			if (worker != null) {
				worker.close();
			}
			producer.close();
		}
	}

	private static void submit(NoopTasks tasks, int count) {
		for (int i = 0; i < count; i++) {
			tasks.noop(TaskArg.of(System.nanoTime()));
		}
	}

	private enum Variant {

		PLAIN, CHILDREN;

		String scenario() {
			return "batch." + name().toLowerCase(Locale.ROOT);
		}

	}

	/** The batch's {@code onSuccess} task: tells the scenario when it started. */
	public static class BatchDone {

		private static final AtomicLong startedNanos = new AtomicLong();

		static void reset() {
			startedNanos.set(0);
		}

		/** Waits for the callback; its start in {@link System#nanoTime()} units. */
		static long await(long timeoutMillis) throws InterruptedException {
			long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
			while (startedNanos.get() == 0) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException(
							"the batch's onSuccess did not run within " + timeoutMillis + " ms");
				}
				Thread.sleep(1);
			}
			return startedNanos.get();
		}

		@AsyncTask(name = "bench.batch-done", queue = Contender.QUEUE)
		public void done(String batch) {
			startedNanos.compareAndSet(0, System.nanoTime());
		}

	}

}
