package io.github.asynctask.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.asynctask.annotation.AsyncTask;
import io.github.asynctask.annotation.Misfire;
import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.TestDefinitions;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.ScheduleStore;
import io.github.asynctask.test.MutableClock;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tick script through {@link TickFiring} against real Redis, with the schedule state
 * seeded rather than waited for: catch-up per misfire rule, one task per tick whatever
 * the number of instances, overlap, a changed expression and a corrupt state.
 */
@ExtendWith({ RedisExtension.class, OutputCaptureExtension.class })
class TickFiringIntegrationTests {

	private static final long HOUR = Duration.ofHours(1).toMillis();

	private RedisServer redis;

	private final RedisKeys keys = new RedisKeys("test");

	private final TestConnections connections = new TestConnections();

	private final Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();

	private final ScheduleListener listener = (schedule, outcome, count) -> this.outcomes
		.computeIfAbsent(schedule + " " + outcome.tag(), (key) -> new AtomicInteger())
		.addAndGet(count);

	/** The latest whole hour by Redis time: every = "1h" has a tick there. */
	private long lastHour;

	@BeforeEach
	void start(RedisServer redis) {
		this.redis = redis;
		redis.flushAll();
		long redisNow = Long.parseLong(redis.cli("TIME").split("\\s+")[0]) * 1000;
		this.lastHour = Math.floorDiv(redisNow, HOUR) * HOUR;
	}

	@AfterEach
	void close() {
		this.connections.close();
	}

	@Test
	void missedTicksGiveOneRunWithOnceNoneWithSkipAndEachWithAll() {
		for (String method : List.of("once", "skip", "all")) {
			seed(method, this.lastHour - 5 * HOUR, "every:" + HOUR);
			fire(method);
		}
		assertThat(this.outcomes).containsOnlyKeys("Hourly.once fired", "Hourly.once missed", "Hourly.skip missed",
				"Hourly.all fired");
		assertThat(this.outcomes.get("Hourly.once fired")).hasValue(1);
		assertThat(this.outcomes.get("Hourly.once missed")).hasValue(4);
		assertThat(this.outcomes.get("Hourly.skip missed")).hasValue(5);
		assertThat(this.outcomes.get("Hourly.all fired")).hasValue(5);
		assertThat(this.redis.cli("LLEN", this.keys.pending("default"))).isEqualTo("6");
		for (String method : List.of("once", "skip", "all")) {
			assertThat(state(method, "last")).isEqualTo(Long.toString(this.lastHour));
		}
		// the run of ONCE is the latest missed tick's
		String onceId = state("once", "id");
		// not delivered yet: the payload is stored with the meta (docs/key-layout.md)
		assertThat(this.redis.cli("HGET", this.keys.tasks("default"), onceId))
			.contains(java.time.Instant.ofEpochMilli(this.lastHour).toString());
	}

	@Test
	void allRunsAtMostMaxCatchUpMissedTicksAndMovesOnToNow() {
		seed("all", this.lastHour - 5 * HOUR, "every:" + HOUR);
		TickFiring firing = new TickFiring(
				new ScheduleStore(this.connections.connect(this.redis), this.keys, Duration.ofSeconds(5)),
				new JacksonTaskCodec(JsonMapper.shared(), 1 << 20), this.listener, 3, Clock.systemUTC());
		firing.fire(new TickFiring.Cursor(schedule("all")), Clock.systemUTC());
		assertThat(this.outcomes).containsOnlyKeys("Hourly.all fired");
		assertThat(this.outcomes.get("Hourly.all fired")).hasValue(3);
		assertThat(Long.parseLong(state("all", "last"))).isGreaterThan(this.lastHour);
	}

	@Test
	void anOnTimeTickRunsWithAMaxCatchUpOfOneWhenTheNextTickIsNearButNotDue() {
		seed("skip", this.lastHour - HOUR, "every:" + HOUR);
		// the caller's clock half a second before the next tick: within the slack it
		// offers ticks in, while Redis time says only the last whole hour is due
		MutableClock clock = MutableClock.at(Instant.ofEpochMilli(this.lastHour + HOUR - 500));
		TickFiring firing = new TickFiring(
				new ScheduleStore(this.connections.connect(this.redis), this.keys, Duration.ofSeconds(5)),
				new JacksonTaskCodec(JsonMapper.shared(), 1 << 20), this.listener, 1, clock);
		TickFiring.Cursor cursor = new TickFiring.Cursor(schedule("skip"));
		// the instance knows the last tick, so its first call offers the next ones at
		// once
		cursor.from = this.lastHour - HOUR;
		firing.fire(cursor, clock);
		assertThat(this.outcomes).containsOnlyKeys("Hourly.skip fired");
		assertThat(this.outcomes.get("Hourly.skip fired")).hasValue(1);
		assertThat(state("skip", "last")).isEqualTo(Long.toString(this.lastHour));
	}

	@Test
	void aPausedScheduleLetsItsTicksPassWithoutARunUntilResumed() {
		ScheduleStore store = new ScheduleStore(this.connections.connect(this.redis), this.keys, Duration.ofSeconds(5));
		// paused before any tick: the flag survives the first call's reset
		store.setPaused("default", "Hourly.once", true, Duration.ofDays(7));
		fire("once");
		assertThat(store.state("default", "Hourly.once"))
			.hasValueSatisfying((state) -> assertThat(state.paused()).isTrue());
		seed("once", this.lastHour - HOUR, "every:" + HOUR);
		fire("once");
		assertThat(this.outcomes).containsOnlyKeys("Hourly.once missed");
		assertThat(state("once", "last")).isEqualTo(Long.toString(this.lastHour));
		store.setPaused("default", "Hourly.once", false, Duration.ofDays(7));
		seed("once", this.lastHour - HOUR, "every:" + HOUR);
		fire("once");
		assertThat(this.outcomes.get("Hourly.once fired")).hasValue(1);
		assertThat(store.state("default", "Hourly.once")).hasValueSatisfying((state) -> {
			assertThat(state.paused()).isFalse();
			assertThat(state.lastFired()).isEqualTo(this.lastHour);
			assertThat(state.lastTaskState()).isEqualTo("p");
		});
	}

	@Test
	void threeInstancesFiringTheSameTickAtOnceCreateOneTask() throws Exception {
		seed("once", this.lastHour - HOUR, "every:" + HOUR);
		List<TickFiring.Cursor> cursors = new ArrayList<>();
		List<TickFiring> instances = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			instances
				.add(firing(new ScheduleStore(this.connections.connect(this.redis), this.keys, Duration.ofSeconds(5))));
			cursors.add(new TickFiring.Cursor(schedule("once")));
		}
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(3);
		try {
			List<Future<?>> calls = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				int n = i;
				calls.add(pool.submit(() -> {
					go.await();
					instances.get(n).fire(cursors.get(n), Clock.systemUTC());
					return null;
				}));
			}
			go.countDown();
			for (Future<?> call : calls) {
				call.get(10, TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(this.outcomes.get("Hourly.once fired")).hasValue(1);
		assertThat(this.redis.cli("LLEN", this.keys.pending("default"))).isEqualTo("1");
		assertThat(cursors).allSatisfy((cursor) -> assertThat(cursor.nextTick).isEqualTo(this.lastHour + HOUR));
	}

	@Test
	void byDefaultATickRunsWhileThePreviousTaskIsUnfinished() {
		seedWithActivePreviousTask("once");
		fire("once");
		assertThat(this.outcomes).containsOnlyKeys("Hourly.once fired");
		assertThat(state("once", "id")).isNotEqualTo("previous");
	}

	@Test
	void withoutOverlapATickWhosePreviousTaskIsUnfinishedIsSkipped(CapturedOutput output) {
		seedWithActivePreviousTask("single");
		fire("single");
		assertThat(this.outcomes).containsOnlyKeys("Hourly.single skipped-overlap");
		assertThat(output).contains("Schedule 'Hourly.single' skipped 1 tick(s): the previous tick's task has not "
				+ "finished (overlap = false)");
		assertThat(this.redis.cli("LLEN", this.keys.pending("default"))).isEqualTo("0");
		assertThat(state("single", "last")).isEqualTo(Long.toString(this.lastHour));
		// the previous task finished (and was dropped): the next tick runs
		this.redis.cli("HDEL", this.keys.tasks("default"), "previous");
		seed("single", this.lastHour - HOUR, "every:" + HOUR);
		fire("single");
		assertThat(this.outcomes.get("Hourly.single fired")).hasValue(1);
	}

	@Test
	void aChangedExpressionStartsAtTheNextTickWithoutFiringStaleOnes(CapturedOutput output) {
		seed("once", this.lastHour - 5 * HOUR, "every:60000");
		TickFiring.Cursor cursor = new TickFiring.Cursor(schedule("once"));
		firing(new ScheduleStore(this.connections.connect(this.redis), this.keys, Duration.ofSeconds(5))).fire(cursor,
				Clock.systemUTC());
		// the new expression's next tick after now is the first one run
		assertThat(cursor.nextTick).isEqualTo(this.lastHour + HOUR);
		assertThat(this.outcomes).isEmpty();
		assertThat(this.redis.cli("LLEN", this.keys.pending("default"))).isEqualTo("0");
		assertThat(state("once", "fp")).isEqualTo("every:" + HOUR);
		assertThat(Long.parseLong(state("once", "last"))).isGreaterThanOrEqualTo(this.lastHour);
		assertThat(output).contains("Schedule 'Hourly.once' (every 1h) starts with the next tick after");
	}

	@Test
	void aCorruptStateIsResetToTheNextTickFromNowWithAWarning(CapturedOutput output) {
		String key = this.keys.schedule("default", "Hourly.once");
		seed("skip", this.lastHour, "every:" + HOUR);
		this.redis.cli("SET", key, "garbage");
		fire("once");
		assertThat(state("skip", "last")).as("another schedule's state").isEqualTo(Long.toString(this.lastHour));
		assertThat(output).contains("WARN").contains("Schedule 'Hourly.once' had an unreadable state at " + key);
		assertThat(this.redis.cli("TYPE", key)).isEqualTo("hash");
		assertThat(Long.parseLong(state("once", "last"))).isGreaterThanOrEqualTo(this.lastHour);
		this.redis.cli("DEL", key);
		this.redis.cli("HSET", key, "last", "not a number", "fp", "every:" + HOUR);
		fire("all");
		fire("once");
		assertThat(this.outcomes).isEmpty();
		assertThat(this.redis.cli("LLEN", this.keys.pending("default"))).isEqualTo("0");
		assertThat(this.redis.cli("HGET", key, "last")).matches("\\d+");
	}

	@Test
	void theStateExpiresAWeekAfterTheLastCallSoARemovedScheduleLeavesNothing() {
		fire("once");
		long ttl = Long.parseLong(this.redis.cli("PTTL", this.keys.schedule("default", "Hourly.once")));
		assertThat(ttl).isBetween(Duration.ofDays(7).minusMinutes(1).toMillis(), Duration.ofDays(7).toMillis());
	}

	private void fire(String method) {
		firing(new ScheduleStore(this.connections.connect(this.redis), this.keys, Duration.ofSeconds(5)))
			.fire(new TickFiring.Cursor(schedule(method)), Clock.systemUTC());
	}

	private TickFiring firing(ScheduleStore store) {
		return new TickFiring(store, new JacksonTaskCodec(JsonMapper.shared(), 1 << 20), this.listener, 100,
				Clock.systemUTC());
	}

	private Schedule schedule(String method) {
		Schedule schedule = new ScheduleFactory(Map.of()).create(TestDefinitions.of(new Hourly(), method),
				(problem) -> {
					throw new AssertionError(problem);
				});
		assertThat(schedule).isNotNull();
		return schedule;
	}

	/** The last tick handled an hour ago, its task still active. */
	private void seedWithActivePreviousTask(String method) {
		seed(method, this.lastHour - HOUR, "every:" + HOUR);
		this.redis.cli("HSET", this.keys.schedule("default", "Hourly." + method), "id", "previous");
		this.redis.cli("HSET", this.keys.tasks("default"), "previous",
				"{\"v\":2,\"n\":\"Hourly." + method + "\",\"s\":\"a\",\"m\":0,\"c\":1}");
	}

	private void seed(String method, long last, String fingerprint) {
		this.redis.cli("HSET", this.keys.schedule("default", "Hourly." + method), "last", Long.toString(last), "fp",
				fingerprint);
	}

	private String state(String method, String field) {
		return this.redis.cli("HGET", this.keys.schedule("default", "Hourly." + method), field);
	}

	static class Hourly {

		@AsyncTask(every = "1h")
		public void once() {
		}

		@AsyncTask(every = "1h", misfire = Misfire.SKIP)
		public void skip() {
		}

		@AsyncTask(every = "1h", misfire = Misfire.ALL)
		public void all(java.time.Instant tick) {
		}

		@AsyncTask(every = "1h", overlap = false)
		public void single() {
		}

	}

}
