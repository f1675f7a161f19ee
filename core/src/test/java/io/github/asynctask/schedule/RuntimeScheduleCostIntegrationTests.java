package io.github.asynctask.schedule;

import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.asynctask.codec.JacksonTaskCodec;
import io.github.asynctask.definition.TaskDefinition;
import io.github.asynctask.definition.TaskRegistry;
import io.github.asynctask.definition.TestDefinitions;
import io.github.asynctask.redis.RedisKeys;
import io.github.asynctask.redis.store.RuntimeScheduleCall;
import io.github.asynctask.redis.store.RuntimeScheduleStore;
import io.github.asynctask.test.RedisExtension;
import io.github.asynctask.test.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a tick costs one instance with 10,000 run-time schedules stored, ten of them due
 * every second: one {@code rt_due.lua} call plus one {@code rt_tick.lua} per due schedule
 * (counted by Redis itself), never a walk of all schedules. Prints the figures for
 * docs/benchmarks.md.
 */
@ExtendWith(RedisExtension.class)
class RuntimeScheduleCostIntegrationTests {

	private static final int STORED = 10_000;

	private static final int DUE_EVERY_SECOND = 10;

	private static final int TICKS = 5;

	private static final Pattern SCRIPT_CALLS = Pattern.compile("cmdstat_eval(?:sha)?:calls=(\\d+)");

	private final TestConnections connections = new TestConnections();

	private final RedisKeys keys = new RedisKeys("cost");

	@AfterEach
	void close() {
		this.connections.close();
	}

	@Test
	void aTickCostsOneInstanceACallPerDueScheduleNotPerStoredOne(RedisServer redis) {
		redis.flushAll();
		JacksonTaskCodec codec = new JacksonTaskCodec(JsonMapper.shared(), 1 << 20);
		TaskDefinition definition = TestDefinitions.of(new Reports(), "send");
		TaskRegistry registry = new OneTask(definition);
		RuntimeScheduleStore store = new RuntimeScheduleStore(this.connections.connect(redis), this.keys,
				Duration.ofSeconds(10));
		for (int i = 0; i < STORED + DUE_EVERY_SECOND; i++) {
			// yearly crons (never due while this runs) and ten every second
			String expression = (i < STORED) ? "cron 0 " + (i % 60) + " 3 1 1 *" : "every 1s";
			store.put("default",
					new RuntimeScheduleCall("customer-" + i, UUID.randomUUID().toString(), definition.name(),
							expression, "Europe/Berlin", "once", true,
							codec.encode(definition, new Object[] { (long) i }, Map.of(), null)));
		}
		RuntimeScheduleLoop loop = new RuntimeScheduleLoop(registry, store,
				new RuntimeSchedules(store, registry, codec, Set::of), codec, ScheduleListener.NO_OP, 10,
				Clock.systemUTC());
		// the first look after creation reads each new schedule once
		long calls = scriptCalls(redis);
		long started = System.nanoTime();
		loop.look("default");
		System.out.printf("first look after %d puts: %d script calls, %d ms%n", STORED + DUE_EVERY_SECOND,
				scriptCalls(redis) - calls, (System.nanoTime() - started) / 1_000_000);

		long totalCalls = 0;
		long totalNanos = 0;
		for (int tick = 0; tick < TICKS; tick++) {
			long second = redisSecond(redis);
			await().atMost(Duration.ofSeconds(3)).until(() -> redisSecond(redis) > second);
			long pending = Long.parseLong(redis.cli("LLEN", this.keys.pending("default")));
			calls = scriptCalls(redis);
			started = System.nanoTime();
			loop.look("default");
			totalNanos += System.nanoTime() - started;
			long used = scriptCalls(redis) - calls;
			totalCalls += used;
			// one call finds the due ones, one per due schedule fires it
			assertThat(used).isEqualTo(1 + DUE_EVERY_SECOND);
			assertThat(Long.parseLong(redis.cli("LLEN", this.keys.pending("default"))) - pending)
				.isEqualTo(DUE_EVERY_SECOND);
		}
		System.out.printf("per tick with %d stored, %d due: %.1f script calls, %.2f ms per instance%n", STORED,
				DUE_EVERY_SECOND, (double) totalCalls / TICKS, totalNanos / 1e6 / TICKS);
		// a tick where nothing is due: the one look
		calls = scriptCalls(redis);
		store.due("default", RuntimeScheduleLoop.BATCH);
		assertThat(scriptCalls(redis) - calls).isOne();
	}

	private static long scriptCalls(RedisServer redis) {
		Matcher calls = SCRIPT_CALLS.matcher(redis.cli("INFO", "commandstats"));
		long sum = 0;
		while (calls.find()) {
			sum += Long.parseLong(calls.group(1));
		}
		return sum;
	}

	private static long redisSecond(RedisServer redis) {
		return Long.parseLong(redis.cli("TIME").split("\\s+")[0]);
	}

	static class Reports {

		public void send(long customer) {
		}

	}

	private record OneTask(TaskDefinition definition) implements TaskRegistry {

		@Override
		public Optional<TaskDefinition> find(String name) {
			return Optional.of(this.definition).filter((found) -> found.name().equals(name));
		}

		@Override
		public Optional<TaskDefinition> find(Method method) {
			return Optional.empty();
		}

		@Override
		public Collection<TaskDefinition> definitions() {
			return List.of(this.definition);
		}

		@Override
		public Set<String> queues() {
			return Set.of(this.definition.queue());
		}

	}

}
