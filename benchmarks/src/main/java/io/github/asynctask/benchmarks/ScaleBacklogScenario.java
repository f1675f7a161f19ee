package io.github.asynctask.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.asynctask.autoconfigure.console.ProcessedCounter;
import io.github.asynctask.autoconfigure.console.TaskBrowser;
import io.github.asynctask.autoconfigure.console.TaskOperations;
import io.github.asynctask.autoconfigure.console.WriteAccess;
import io.github.asynctask.autoconfigure.endpoint.AsyncTaskEndpoint;
import io.github.asynctask.redis.Delivery;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.RedisBroker;
import io.github.asynctask.redis.store.RedisHistory;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.TaskPages;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * {@code scale.backlog} (only when named, async-task only): what one call of each
 * request-path operation costs as a queue's backlog grows. Three queues of one Redis are
 * loaded (through the broker's own scripts, see {@link Backlog}) to
 * {@code --memory-tasks} / 10, {@code --memory-tasks} and 10 x {@code --memory-tasks}
 * pending tasks (10,000, 100,000 and 1,000,000 by default), as many scheduled ones spread
 * over a day, and a tenth as many dead ones. Then, {@code reps} times after the warm-ups,
 * each queue in turn (so the shared machine's drift hits every size alike):
 * {@value #CALLS} calls in a row of submit ({@code enqueue} of one task), fetch
 * ({@code dequeue} of one), stats, an idle forward and an idle recover (nothing due or
 * expired: the calls the agents make most), and {@value #BATCH_CALLS} calls of forward
 * and recover that each move {@value #PER_CALL} due or expired tasks (the agents' batch),
 * and as many of a bare script reading {@value #PER_CALL} scheduled tasks
 * ({@link ReadFloor}: the memory forward touches, none of its logic, so the floor of its
 * growth). For each: the client's wall time per call (median, p99), Redis's own time per
 * script call and Redis's CPU per call ({@link CallCost}). Then the actuator endpoint's
 * overview (all three queues) and the middle page of 50 of each list, the median of
 * {@value #PAGE_CALLS} calls each (the console's pages are the {@code console}
 * scenario's). Memory: Redis {@code used_memory} added by loading the queue, per task.
 * The queue is brought back to its size after every measurement, so each runs on the
 * stated backlog with nothing active.
 */
final class ScaleBacklogScenario extends AsyncTaskCostScenario {

	static final String NAME = "scale.backlog";

	private static final int CALLS = 3000;

	/** Forward and recover calls that each move a batch. */
	private static final int BATCH_CALLS = 30;

	/** The forwarder's and recoverer's batch. */
	private static final int PER_CALL = 100;

	private static final int PAGE_CALLS = 20;

	private static final int PAGE = 50;

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration DUE_AFTER = Duration.ofMillis(200);

	ScaleBacklogScenario() {
		super(NAME);
	}

	@Override
	void measure(SystemUnderTest system, Runner runner, Options options) {
		int top = options.memoryTasks() * 10;
		List<Level> levels = new ArrayList<>();
		for (int pending : new int[] { top / 100, top / 10, top }) {
			Map<String, Object> params = new LinkedHashMap<>();
			params.put("queue", "backlog" + pending);
			params.put("pending", pending);
			params.put("scheduled", pending);
			params.put("dead", pending / 10);
			params.put("callsPerFigure", CALLS);
			params.put("batchCallsPerFigure", Math.min(BATCH_CALLS, pending / 2 / PER_CALL));
			params.put("tasksPerBatchCall", PER_CALL);
			params.put("pageCalls", PAGE_CALLS);
			params.put("maxRetries", 0);
			params.put("interleaved", "the three sizes are three queues of one Redis, measured in turn");
			levels.add(new Level(params, pending, pending / 10));
		}
		if (top / 100 < 2 * PER_CALL) {
			levels.forEach((level) -> runner.report()
				.notApplicable(system, NAME, level.params, "needs --memory-tasks of at least 2000 (the smallest "
						+ "queue gives half its pending tasks to a forward and a recover call of " + PER_CALL + ")"));
			return;
		}
		RedisTarget redis = runner.redis();
		redis.flushAll();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(redis.host(), redis.port()));
		factory.afterPropertiesSet();
		try {
			// the first connection of a cold JVM (Netty, Lettuce) may take longer than
			// the broker waits for a reply
			try (RedisConnection connection = factory.getConnection()) {
				connection.ping();
			}
			RedisKeys keys = new RedisKeys("asynctask");
			LuaRedisBroker broker = new LuaRedisBroker(factory, keys);
			LuaRedisBroker loader = new LuaRedisBroker(factory, keys, Duration.ZERO, Duration.ofSeconds(60),
					Duration.ZERO);
			AsyncTaskEndpoint endpoint = new AsyncTaskEndpoint(new TaskOperations(broker, new ProcessedCounter(), true),
					new WriteAccess("ASYNC_TASK_ADMIN"),
					new TaskBrowser(broker, new TaskPages(factory, keys, Duration.ofSeconds(5)),
							new RedisHistory(factory, keys, Duration.ofSeconds(5)), () -> List.of(Backlog.TASK), true),
					null);
			RedisConnection floorConnection = factory.getConnection();
			for (Level level : levels) {
				String queue = (String) level.params.get("queue");
				broker.registerQueues(List.of(queue));
				Backlog backlog = new Backlog(loader, queue);
				long before = settledMemory(redis);
				long start = System.nanoTime();
				backlog.restore(level.pending, level.pending, level.dead);
				double perTask = (redis.usedMemory() - before) / (double) (level.pending * 2 + level.dead);
				level.params.put("loadSeconds", Math.round((System.nanoTime() - start) / 1e8) / 10.0);
				level.runs.put("bytesPerTask", List.of(CallCost.round(perTask)));
				level.runs.put("bytesPerTaskBeyondArg", List.of(CallCost.round(perTask - TaskArg.LENGTH)));
				level.backlog = backlog;
				level.floor = new ReadFloor(floorConnection, keys.scheduled(queue), keys.tasks(queue), level.pending,
						PER_CALL);
			}
			// interleaved (small, medium, large, small, ...), so the machine's drift hits
			// every size alike
			for (int rep = 0; rep < options.warmups() + options.reps(); rep++) {
				for (Level level : levels) {
					Map<String, Double> figures = once(redis, broker, level.backlog(), level.floor(), endpoint,
							level.pending, level.dead);
					if (rep >= options.warmups()) {
						figures.forEach(
								(name, value) -> level.runs.computeIfAbsent(name, (k) -> new ArrayList<>()).add(value));
					}
				}
			}
			levels.forEach((level) -> runner.report().result(system, NAME, level.params, level.runs));
		}
		catch (Exception ex) {
			levels.forEach((level) -> runner.report().failure(system, NAME, level.params, ex));
		}
		finally {
			factory.destroy();
			redis.flushAll();
		}
	}

	/** One size: its parameters, its queue once loaded, and its figures. */
	private static final class Level {

		private final Map<String, Object> params;

		private final long pending;

		private final long dead;

		private final Map<String, List<Double>> runs = new LinkedHashMap<>();

		private @Nullable Backlog backlog;

		private @Nullable ReadFloor floor;

		Level(Map<String, Object> params, long pending, long dead) {
			this.params = params;
			this.pending = pending;
			this.dead = dead;
		}

		ReadFloor floor() {
			return Objects.requireNonNull(this.floor, "the level's queue is not loaded");
		}

		Backlog backlog() {
			return Objects.requireNonNull(this.backlog, "the level's queue is not loaded");
		}

	}

	private static Map<String, Double> once(RedisTarget redis, RedisBroker broker, Backlog backlog, ReadFloor floor,
			AsyncTaskEndpoint endpoint, long pending, long dead) throws Exception {
		String queue = backlog.queue();
		// a small backlog gives at most half its pending tasks to the recover figure
		int batchCalls = (int) Math.min(BATCH_CALLS, pending / 2 / PER_CALL);
		Map<String, Double> figures = new LinkedHashMap<>();
		figures.putAll(CallCost.measure(redis, "submit", CALLS, 1, () -> broker.enqueue(backlog.request())));
		List<Delivery> fetched = new ArrayList<>(CALLS);
		figures.putAll(CallCost.measure(redis, "fetch", CALLS, 1, () -> {
			List<Delivery> got = broker.dequeue(queue, 1, LEASE);
			expect("fetch", got.size(), 1);
			fetched.addAll(got);
		}));
		backlog.complete(fetched);
		figures.putAll(CallCost.measure(redis, "stats", CALLS, 1, () -> broker.stats(queue)));
		figures.putAll(CallCost.measure(redis, "forwardIdle", CALLS, 1,
				() -> expect("idle forward", broker.forward(queue, PER_CALL).moved(), 0)));
		figures.putAll(CallCost.measure(redis, "readFloor", batchCalls, PER_CALL, floor::read));
		backlog.enqueueDueSoon(batchCalls * PER_CALL, DUE_AFTER);
		Thread.sleep(DUE_AFTER.toMillis() + 50);
		figures.putAll(CallCost.measure(redis, "forward", batchCalls, PER_CALL,
				() -> expect("forward", broker.forward(queue, PER_CALL).moved(), PER_CALL)));
		backlog.restore(pending, pending, dead);
		figures.putAll(CallCost.measure(redis, "recoverIdle", CALLS, 1,
				() -> expect("idle recover", broker.recover(queue, PER_CALL, Duration.ZERO).recovered(), 0)));
		backlog.expire(batchCalls * PER_CALL);
		figures.putAll(CallCost.measure(redis, "recover", batchCalls, PER_CALL,
				() -> expect("recover", broker.recover(queue, PER_CALL, Duration.ZERO).recovered(), PER_CALL)));
		backlog.restore(pending, pending, dead);
		figures.put("endpointOverviewMs", medianMs(() -> ok(endpoint.overview(null, null))));
		figures.put("endpointPendingMiddleMs", medianMs(() -> ok(
				endpoint.tasks(SecurityContext.NONE, queue, "pending", (int) (pending / 2), PAGE, null, null))));
		figures.put("endpointScheduledMiddleMs", medianMs(() -> ok(
				endpoint.tasks(SecurityContext.NONE, queue, "scheduled", (int) (pending / 2), PAGE, null, null))));
		figures.put("endpointDeadMiddleMs", medianMs(
				() -> ok(endpoint.tasks(SecurityContext.NONE, queue, "dead", (int) (dead / 2), PAGE, null, null))));
		return figures;
	}

	private static void expect(String call, int actual, int expected) {
		if (actual != expected) {
			throw new IllegalStateException(call + " handled " + actual + " tasks, expected " + expected);
		}
	}

	private static void ok(WebEndpointResponse<Object> response) {
		if (response.getStatus() != WebEndpointResponse.STATUS_OK) {
			throw new IllegalStateException(
					"The endpoint answered " + response.getStatus() + ": " + response.getBody());
		}
	}

	private static double medianMs(Runnable call) {
		return CallCost.round(Stats.medianMillis(PAGE_CALLS, call));
	}

	/**
	 * {@code used_memory} once the lazy free of the previous scenario's data is done (at
	 * most 10 s).
	 */
	private static long settledMemory(RedisTarget redis) throws InterruptedException {
		for (int i = 0; i < 100; i++) {
			String memory = redis.server().cli("INFO", "memory");
			if (memory == null || memory.contains("lazyfree_pending_objects:0")) {
				break;
			}
			Thread.sleep(100);
		}
		return redis.usedMemory();
	}

}
