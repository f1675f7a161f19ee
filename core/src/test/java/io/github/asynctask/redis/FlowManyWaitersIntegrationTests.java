package io.github.asynctask.redis;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

import io.github.asynctask.flow.FlowSweeper;
import io.github.asynctask.redis.lua.LuaRedisBroker;
import io.github.asynctask.redis.store.FlowStore;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import io.github.asynctask.test.SlowScriptCalls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static io.github.asynctask.redis.FlowFixture.KEYS;
import static io.github.asynctask.redis.FlowFixture.PAYMENTS;
import static io.github.asynctask.redis.FlowFixture.SHIPPING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Many dependents of one predecessor: each registration and each release call is O(1) or
 * O(batch), so no flow script call is far slower than the plain task scripts run beside
 * it (SLOWLOG at 10 ms; none at all with {@code -Dasynctask.flows.strictSlowLog=true},
 * for a quiet machine) and the whole costs time linear in their number. 20,000 by bizId
 * (enough for a call walking all waiters to take several times the 60 ms a stall may add:
 * a release of all in one call took 279 ms) and 2,000 by task id in the default suite;
 * 100,000 by bizId with {@code -Dasynctask.flows.many-waiters=100000}. Figures go to
 * standard output.
 */
@ExtendWith(RedisExtension.class)
class FlowManyWaitersIntegrationTests {

	private static FlowFixture flows;

	private static LuaRedisBroker broker;

	private static FlowStore store;

	/** The longest a Redis call may seem to take on a shared machine while being O(1). */
	private static final long STALL_MICROS = 60_000;

	/** The queue of the plain calls made beside the flow calls, keys {@code {plain}}. */
	private static final String PLAIN = "plain";

	private static double cpuAtReset;

	private static double commandsAtReset;

	@BeforeAll
	static void connect(RedisServer redis) {
		// generous reply timeouts: the figures, not the timeouts, are what is measured
		flows = new FlowFixture(redis, Duration.ofSeconds(30));
		broker = flows.broker;
		store = flows.store;
	}

	@AfterAll
	static void disconnect() {
		flows.close();
	}

	@BeforeEach
	void flush(RedisServer redis) throws Exception {
		redis.flushAll();
		// every script loaded first: a first EVAL compiles the script (not what is
		// measured)
		EnqueueRequest.Awaited warm = EnqueueRequest.Awaited.task(PAYMENTS, "order.pay", "warm-up");
		register(1, (i) -> ship(i, warm));
		FlowSweeper sweeper = sweeper();
		try {
			store.done(PAYMENTS, warm.condition(), Duration.ofMinutes(5));
			store.drainsLeft(PAYMENTS);
			awaitPending(1);
		}
		finally {
			sweeper.stop();
		}
		store.drain(PAYMENTS, warm.condition());
		broker.complete(broker.dequeue(SHIPPING, 1, Duration.ofSeconds(30)).get(0), Duration.ZERO);
		redis.flushAll();
		redis.cli("CONFIG", "SET", "slowlog-log-slower-than", "10000");
		redis.cli("CONFIG", "SET", "slowlog-max-len", "10000");
		redis.cli("SLOWLOG", "RESET");
		String cpu = redis.cli("INFO", "cpu");
		cpuAtReset = info(cpu, "used_cpu_user") + info(cpu, "used_cpu_sys");
		commandsAtReset = info(redis.cli("INFO", "stats"), "total_commands_processed");
	}

	@Test
	void manyDependentsOfOneBizIdRegisterAndRunWithNoSlowCall(RedisServer redis) throws Exception {
		dependentsOfOneBizId(redis, Integer.getInteger("asynctask.flows.many-waiters", 20_000));
	}

	@Test
	void twoThousandDependentsOfOneTaskIdRunWhenItCompletes(RedisServer redis) throws Exception {
		broker.enqueue(EnqueueRequest.now(PAYMENTS, "pay-1", "order.pay", "{}", 0));
		EnqueueRequest.Awaited pay = EnqueueRequest.Awaited.id(PAYMENTS, "pay-1");
		try (PlainCalls plain = PlainCalls.start()) {
			register(2_000, (i) -> ship(i, pay));
			FlowSweeper sweeper = sweeper();
			broker.onOwedReleases(sweeper::owedIn);
			try {
				broker.complete(broker.dequeue(PAYMENTS, 1, Duration.ofSeconds(30)).get(0), Duration.ZERO);
				awaitPending(2_000);
			}
			finally {
				sweeper.stop();
			}
			assertNoSlowCall(redis, plain.stop());
		}
		assertThat(redis.cli("KEYS", "asynctask:{payments}:fw*")).isNullOrEmpty();
		assertThat(redis.cli("ZCARD", KEYS.flowOwed(PAYMENTS))).isEqualTo("0");
	}

	private static void dependentsOfOneBizId(RedisServer redis, int count) throws Exception {
		EnqueueRequest.Awaited pay = EnqueueRequest.Awaited.task(PAYMENTS, "order.pay", "o-1");
		try (PlainCalls plain = PlainCalls.start()) {
			long start = System.nanoTime();
			register(count, (i) -> ship(i, pay));
			long registered = System.nanoTime();
			FlowSweeper sweeper = sweeper();
			try {
				// what the completing worker does: mark, release the first batch, hand on
				List<String> owed = store.done(PAYMENTS, pay.condition(), Duration.ofMinutes(5));
				assertThat(owed).hasSize(FlowStore.BATCH + 1);
				store.drainsLeft(PAYMENTS);
				awaitPending(count);
			}
			finally {
				sweeper.stop();
			}
			long released = System.nanoTime();
			System.out.printf("%,d dependents of one bizId: registered in %,d ms, released in %,d ms%n", count,
					(registered - start) / 1_000_000, (released - registered) / 1_000_000);
			assertNoSlowCall(redis, plain.stop());
		}
		assertThat(redis.cli("ZCARD", KEYS.flowOwed(PAYMENTS))).isEqualTo("0");
		assertThat(redis.cli("EXISTS", KEYS.flowWaiters(PAYMENTS, pay.condition()))).isEqualTo("0");
	}

	private static EnqueueRequest ship(int i, EnqueueRequest.Awaited after) {
		return FlowFixture.ship("ship-" + i, "s-" + i, Duration.ofHours(1), after);
	}

	/** Submits {@code count} waiting tasks from 4 threads. */
	private static void register(int count, IntFunction<EnqueueRequest> request) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> parts = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				int first = t;
				parts.add(threads.submit(() -> {
					for (int i = first; i < count; i += 4) {
						assertThat(broker.enqueue(request.apply(i)).outcome()).isEqualTo(EnqueueResult.Outcome.WAITING);
					}
				}));
			}
			for (Future<?> part : parts) {
				part.get();
			}
		}
		finally {
			threads.shutdown();
		}
	}

	private static FlowSweeper sweeper() {
		FlowSweeper sweeper = new FlowSweeper(store, () -> List.of(PAYMENTS, SHIPPING), Duration.ofSeconds(10),
				Duration.ofMinutes(1));
		sweeper.start();
		return sweeper;
	}

	private static void awaitPending(int count) {
		await().atMost(Duration.ofMinutes(5))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> broker.stats(SHIPPING).pending(), (pending) -> pending == count);
	}

	/**
	 * No flow script call is far slower than the plain ones made beside it. SLOWLOG
	 * measures wall time: on a machine shared with other builds Redis is descheduled now
	 * and then (tens of ms) and whatever call runs then lands in the log, so the worst
	 * flow call may take {@code max(60 ms, 3 x the worst plain call)}; a call walking
	 * thousands of waiters takes longer. With
	 * {@code -Dasynctask.flows.strictSlowLog=true} no flow call may take 10 ms. The Redis
	 * CPU time per call (INFO, which descheduling does not inflate) is checked too.
	 */
	private static void assertNoSlowCall(RedisServer redis, long plainCalls) {
		SlowScriptCalls slow = SlowScriptCalls.of(redis.cli("SLOWLOG", "GET", "10000"));
		SlowScriptCalls flow = slow.where((key) -> !key.contains("{" + PLAIN + "}"));
		SlowScriptCalls plain = slow.where((key) -> key.contains("{" + PLAIN + "}"));
		double cpuPerCall = cpuMillisPerCall(redis, plainCalls);
		System.out.printf(
				"Redis CPU per flow call %.3f ms; calls of 10 ms or more: flow %s, plain %s (of %,d); "
						+ "load %.1f on %d cores%n",
				cpuPerCall, flow, plain, plainCalls, load(), Runtime.getRuntime().availableProcessors());
		if (Boolean.getBoolean("asynctask.flows.strictSlowLog")) {
			assertThat(flow.count()).as("flow calls of 10 ms or more").isZero();
		}
		else {
			assertThat(flow.worstMicros()).as("worst flow call (us) beside plain " + plain)
				.isLessThanOrEqualTo(Math.max(STALL_MICROS, 3 * plain.worstMicros()));
		}
		assertThat(cpuPerCall).as("Redis CPU ms per call").isLessThan(1.0);
	}

	private static double load() {
		return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
	}

	/**
	 * Redis CPU time since the last reset over the calls made since, less the plain ones
	 * (whose CPU time stays in: an upper bound of the flow calls' own).
	 */
	private static double cpuMillisPerCall(RedisServer redis, long plainCalls) {
		String cpu = redis.cli("INFO", "cpu");
		String stats = redis.cli("INFO", "stats");
		double seconds = info(cpu, "used_cpu_user") + info(cpu, "used_cpu_sys") - cpuAtReset;
		return seconds * 1000 / Math.max(1, info(stats, "total_commands_processed") - commandsAtReset - plainCalls);
	}

	/**
	 * Plain task scripts (submit, take, complete) on their own queue, one after another
	 * on a thread of their own while the flow calls run: what a stall of Redis does to
	 * calls that are O(1) by design.
	 */
	private static final class PlainCalls implements AutoCloseable {

		private final AtomicBoolean stopped = new AtomicBoolean();

		private final AtomicLong calls = new AtomicLong();

		private final CompletableFuture<Void> done = new CompletableFuture<>();

		static PlainCalls start() {
			PlainCalls plain = new PlainCalls();
			Thread thread = new Thread(plain::run, "plain-calls");
			thread.setDaemon(true);
			thread.start();
			return plain;
		}

		private void run() {
			try {
				for (long i = 0; !this.stopped.get(); i++) {
					broker.enqueue(EnqueueRequest.now(PLAIN, "plain-" + i, "plain.task", "{}", 0));
					broker.complete(broker.dequeue(PLAIN, 1, Duration.ofSeconds(30)).get(0), Duration.ZERO);
					this.calls.addAndGet(3);
				}
				this.done.complete(null);
			}
			catch (Throwable ex) {
				this.done.completeExceptionally(ex);
			}
		}

		@Override
		public void close() {
			this.stopped.set(true);
		}

		/** Stops the calls and returns how many were made (three a task). */
		long stop() throws Exception {
			this.stopped.set(true);
			this.done.get(1, TimeUnit.MINUTES);
			return this.calls.get();
		}

	}

	private static double info(String info, String field) {
		for (String line : info.split("\r?\n")) {
			if (line.startsWith(field + ":")) {
				return Double.parseDouble(line.substring(field.length() + 1).trim());
			}
		}
		throw new IllegalStateException("INFO has no " + field + ": " + info);
	}

}
