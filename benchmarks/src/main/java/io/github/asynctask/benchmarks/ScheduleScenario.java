package io.github.asynctask.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.github.asynctask.AsyncTaskTemplate;
import io.github.asynctask.annotation.AsyncTask;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code schedule}: what a periodic task costs Redis. Three worker applications of the
 * async-task row serve one queue: in {@code schedule.none} they have no periodic task, in
 * {@code schedule.paused} each has the same {@code every = "1s"} task, paused (every
 * instance still calls the tick script each second, no task is made), in
 * {@code schedule.fired} the same task running (a no-op task per tick on top). After a
 * warm-up, {@code INFO commandstats} deltas over windows that each hold exactly
 * {@code WINDOW_TICKS} ticks; per tick and instance, the difference from {@code none}
 * (commands, script calls: noisy, the idle polling varies) and the tick script's calls
 * (exact: counted by its {@code PEXPIRE}).
 */
final class ScheduleScenario implements Scenario {

	private static final int INSTANCES = 3;

	private static final int WINDOW_TICKS = 10;

	/** Time for start-up traffic (registration, the first tick calls) to pass. */
	private static final int WARMUP_SECONDS = 3;

	@Override
	public String name() {
		return "schedule";
	}

	@Override
	public void run(SystemUnderTest system, Runner runner) {
		Map<String, Object> params = new LinkedHashMap<>();
		params.put("instances", INSTANCES);
		params.put("every", "1s");
		params.put("ticksPerWindow", WINDOW_TICKS);
		params.put("windows", runner.options().reps());
		if (!Scenario.supported(system, runner, "schedule", params, Set.of(Feature.SCHEDULES))) {
			return;
		}
		Map<String, List<Double>> none = measure(system, runner, params, Variant.NONE);
		if (none == null) {
			return;
		}
		double baseCommands = median(none.get("commandsPerSec"));
		double baseScripts = median(none.get("scriptCallsPerSec"));
		for (Variant variant : List.of(Variant.PAUSED, Variant.FIRED)) {
			Map<String, List<Double>> runs = measure(system, runner, params, variant);
			if (runs == null) {
				continue;
			}
			runs.put("commandsPerTickPerInstance",
					runs.get("commandsPerSec").stream().map((c) -> (c - baseCommands) / INSTANCES).toList());
			runs.put("scriptCallsPerTickPerInstance",
					runs.get("scriptCallsPerSec").stream().map((c) -> (c - baseScripts) / INSTANCES).toList());
			runner.report().result(system, variant.scenario(), params, runs);
		}
		runner.report().result(system, "schedule.none", params, none);
	}

	/** The figures of one variant, or {@code null} after reporting its failure. */
	private static @Nullable Map<String, List<Double>> measure(SystemUnderTest system, Runner runner,
			Map<String, Object> params, Variant variant) {
		RedisTarget redis = runner.redis();
		redis.flushAll();
		List<ConfigurableApplicationContext> applications = new ArrayList<>();
		Map<String, List<Double>> runs = new LinkedHashMap<>();
		try {
			for (int i = 0; i < INSTANCES; i++) {
				Map<String, Object> properties = Map.of("async-task.queues." + Contender.QUEUE + ".concurrency", 4,
						"async-task.shutdown-timeout", "5s");
				applications.add((variant == Variant.NONE) ? AsyncTaskSystem.application(redis, properties)
						: AsyncTaskSystem.application(redis, properties, Ticker.class));
			}
			if (variant == Variant.PAUSED) {
				applications.get(0).getBean(AsyncTaskTemplate.class).pauseSchedule(Ticker.NAME);
			}
			Thread.sleep(WARMUP_SECONDS * 1000L);
			for (int i = 0; i < runner.options().reps(); i++) {
				// from the middle of a second: the window holds WINDOW_TICKS whole ticks
				Thread.sleep(1500 - System.currentTimeMillis() % 1000);
				long commands = redis.commandCalls();
				long scripts = calls(redis, "evalsha");
				long tickCalls = calls(redis, "pexpire");
				long ran = Ticker.runs.get();
				Thread.sleep(WINDOW_TICKS * 1000L);
				runs.computeIfAbsent("commandsPerSec", (k) -> new ArrayList<>())
					.add((redis.commandCalls() - commands) / (double) WINDOW_TICKS);
				runs.computeIfAbsent("scriptCallsPerSec", (k) -> new ArrayList<>())
					.add((calls(redis, "evalsha") - scripts) / (double) WINDOW_TICKS);
				if (variant != Variant.NONE) {
					// tick.lua renews the state's expiry on every call; the only other
					// PEXPIRE is dequeue.lua's, once per fetch that took a task (here a
					// tick's): exact, unlike a difference
					long pexpires = calls(redis, "pexpire") - tickCalls - (Ticker.runs.get() - ran);
					runs.computeIfAbsent("tickCallsPerTickPerInstance", (k) -> new ArrayList<>())
						.add(pexpires / (double) WINDOW_TICKS / INSTANCES);
				}
			}
			return runs;
		}
		catch (Exception ex) {
			runner.report().failure(system, variant.scenario(), params, ex);
			return null;
		}
		finally {
			applications.forEach(ConfigurableApplicationContext::close);
			redis.flushAll();
		}
	}

	private static double median(List<Double> values) {
		return Stats.median(values.stream().mapToDouble(Double::doubleValue).sorted().toArray());
	}

	private static long calls(RedisTarget redis, String command) {
		return redis.commandCallsByName().getOrDefault(command, 0L);
	}

	private enum Variant {

		NONE, PAUSED, FIRED;

		String scenario() {
			return "schedule." + name().toLowerCase(Locale.ROOT);
		}

	}

	/** The periodic task of the {@code paused} and {@code fired} variants. */
	public static class Ticker {

		static final String NAME = "bench.tick";

		/** Runs of all instances. */
		static final AtomicLong runs = new AtomicLong();

		@AsyncTask(name = NAME, queue = Contender.QUEUE, every = "1s")
		public void tick() {
			runs.incrementAndGet();
		}

	}

}
